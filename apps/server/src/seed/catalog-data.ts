import type { ProductName } from '@copydesk/shared';

/**
 * The catalogue a new database starts with. Prices in cents. Seeded once per product name; after
 * that the rows are edited in the database and the seed leaves them alone.
 */
export interface ProductSeed {
  name: ProductName;
  description: string;
  sample: string;
  tiers: [words: number, priceCents: number][];
  addons: [value: string, priceCents: number][];
}

const seo: [string, number] = ['SEO Optimisation', 1000];
const images: [string, number] = ['Stock Images (3)', 800];
const express: [string, number] = ['Expedited Delivery (48 hours)', 1500];
const none: [string, number] = ['No Add-On', 0];

export const productSeeds: ProductSeed[] = [
  {
    name: 'Article',
    description: 'Well-researched articles that inform your readers and build authority in your field.',
    sample:
      'How Remote Teams Stay Aligned\n\nWhen a team spreads across time zones, alignment stops happening by accident. The most effective remote teams write things down: decisions, owners and deadlines live in one shared place, so nobody depends on a hallway conversation they were never part of. A weekly written update replaces the status meeting, and the meeting time goes to the questions that truly need a live discussion...',
    tiers: [
      [500, 2500],
      [750, 3700],
      [1000, 5000],
      [1500, 7500],
      [2000, 10000],
    ],
    addons: [none, seo, images, express],
  },
  {
    name: 'Blog Post',
    description: 'Engaging, search-friendly blog posts written in your brand voice.',
    sample:
      '5 Habits of Shops That Never Run Out of Stock\n\nRunning out of your best seller is the most expensive kind of success. The shops that avoid it share a handful of habits. First, they look at sell-through weekly rather than monthly...',
    tiers: [
      [300, 1800],
      [500, 2800],
      [800, 4200],
      [1000, 5200],
      [1500, 7800],
    ],
    addons: [none, seo, images, express],
  },
  {
    name: 'Guest Post',
    description: 'Publication-ready guest posts pitched to the style of third-party blogs.',
    sample:
      'What Small Clinics Can Learn From Airline Check-In\n\nAirlines turned a queue at a desk into a two-minute task on a phone. Clinics can do the same with intake forms...',
    tiers: [
      [600, 3900],
      [1000, 6200],
      [1500, 8900],
    ],
    addons: [none, seo, ['Author Bio', 500], express],
  },
  {
    name: 'Product Description',
    description: 'Persuasive product descriptions that turn browsers into buyers on any marketplace.',
    sample:
      'Trailhead 28L Daypack\n\nBuilt for the hike that turns into a long day. A padded, ventilated back panel keeps you cool, while the weatherproof shell shrugs off a sudden shower. Two stretch side pockets hold a litre bottle each...',
    tiers: [
      [100, 900],
      [150, 1200],
      [200, 1500],
      [300, 2100],
    ],
    addons: [none, seo, ['Bullet-Point Feature List', 400], express],
  },
  {
    name: 'Long Form Article',
    description: 'In-depth long reads and guides that rank and earn links.',
    sample:
      'The Complete Guide to Composting in Small Spaces\n\nYou do not need a garden to compost. A balcony, a kitchen corner or even a cupboard under the sink can turn food scraps into rich soil...',
    tiers: [
      [2000, 11000],
      [2500, 13500],
      [3000, 16000],
      [4000, 21000],
      [5000, 26000],
    ],
    addons: [none, seo, images, ['Table of Contents & Summary', 1200], express],
  },
  {
    name: 'Press Release',
    description: 'News releases in the format editors expect, ready for distribution.',
    sample:
      'FOR IMMEDIATE RELEASE\n\nGreenline Bikes Opens Its First Repair Academy in Leeds\n\nLEEDS — Greenline Bikes today opened a repair academy offering free weekend courses to commuters...',
    tiers: [
      [400, 4500],
      [600, 6000],
      [800, 7500],
    ],
    addons: [none, ['Media Quote Drafting', 1500], express],
  },
  {
    name: 'Email Marketing',
    description: 'Campaign emails with subject lines and calls to action that get opened and clicked.',
    sample:
      'Subject: Your cart misses you (and so do we)\n\nHi Jamie,\n\nYou left something good behind. The Linen Shirt in sand is still in your cart, and this week it ships free...',
    tiers: [
      [150, 1500],
      [300, 2500],
      [500, 3800],
    ],
    addons: [none, ['Two Subject Line Variants', 600], express],
  },
  {
    name: 'Newsletter',
    description: 'Regular newsletters that keep subscribers informed and coming back.',
    sample: 'The Monthly Dig — March\n\nSpring is here, and so is our new seed library. Members can now borrow up to five packets a month...',
    tiers: [
      [300, 2400],
      [600, 4200],
      [1000, 6500],
    ],
    addons: [none, images, express],
  },
  {
    name: 'Landing Page',
    description: 'Conversion-focused landing page copy with headline, benefits and calls to action.',
    sample:
      'Headline: Payroll in ten minutes, not ten hours\nSubheadline: Run payroll, file taxes and pay contractors from one screen.\nCTA: Start your free month...',
    tiers: [
      [300, 4000],
      [500, 6000],
      [800, 8500],
    ],
    addons: [none, seo, ['A/B Headline Variants', 1000], express],
  },
  {
    name: 'Website Content',
    description: 'Clear, on-brand copy for your home, about and services pages.',
    sample: 'About Us\n\nWe started Northwind Joinery in a single-car garage in 2009 with one rule: build furniture we would want to inherit...',
    tiers: [
      [300, 3000],
      [500, 4500],
      [800, 6800],
      [1200, 9500],
    ],
    addons: [none, seo, express],
  },
  {
    name: 'Testimonials & Reviews',
    description: 'Authentic-sounding testimonials and review summaries drafted from your customer feedback.',
    sample: '“We switched our whole front desk to Bookwise in a weekend. No-shows dropped by a third in the first month.” — Priya S., clinic manager',
    tiers: [
      [100, 800],
      [200, 1400],
      [300, 1900],
    ],
    addons: [none, express],
  },
];
