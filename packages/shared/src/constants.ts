/** Business constants and limits: field lengths, page sizes, uploads, timings, catalogue values. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const TEXT_MAX = 250;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 32;
/** Zip and postal codes of any country (zip-code.ts). */
export const ZIP_MAX = 10;
export const CITY_MAX = 250;

export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 5;

export const PROFILE_PIC_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PIC_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Client timings. */
export const TOAST_MS = 8000;
export const WELCOME_DELAY_MS = 3000;
export const TOKEN_LOGIN_REDIRECT_MS = 2000;
export const RELOAD_AFTER_SAVE_MS = 500;

export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_WIDTH_COLLAPSED = 100;

/** External links the frame and sign-up show. */
export const HELP_BOOKING_URL = 'https://calendly.com/copydesk/support';
export const TERMS_URL = 'https://copydesk.example.com/terms';

export const UTM_KEYS = ['utm_campaign', 'utm_content', 'utm_medium', 'utm_source', 'utm_term'] as const;

/* Catalogue and order-form values. Products are named exactly so: rules and
   the bulk spreadsheet refer to them by name. */
export const PRODUCT_NAMES = [
  'Article',
  'Blog Post',
  'Guest Post',
  'Product Description',
  'Long Form Article',
  'Press Release',
  'Email Marketing',
  'Newsletter',
  'Landing Page',
  'Website Content',
  'Testimonials & Reviews',
] as const;
export type ProductName = (typeof PRODUCT_NAMES)[number];

/** Publish medium is required only for these types. */
export const PUBLISH_MEDIUM_REQUIRED_FOR: readonly ProductName[] = ['Product Description', 'Blog Post', 'Long Form Article', 'Guest Post'];

export const CATEGORIES = [
  'Technology',
  'Health',
  'Finance',
  'Travel',
  'Food',
  'Fashion',
  'Education',
  'Real Estate',
  'Marketing',
  'Sports',
  'Entertainment',
  'Automotive',
  'Business',
  'Lifestyle',
  'Other',
] as const;

export const WRITING_TONES = [
  'Humorous/Entertaining',
  'Serious',
  'Explanatory',
  'Personal',
  'Narrative',
  'Casual',
  'Enthusiastic',
  'Matter-of-Fact',
  'Formal',
] as const;
export const REVISION_REASONS = ['Formatting', 'Grammar', 'Relevancy'] as const;
export const PERSPECTIVES = ['First person', 'Second person', 'Third person'] as const;
export const INTENTS = ['Promotional', 'Informative', 'Sales Driven'] as const;
export const PURPOSES = ['Promotional', 'Informative', 'Sales Driven', 'Educational', 'Other'] as const;
export const EMAIL_PURPOSES = ['Teaser Email', 'Nurture Email', 'Offer/Sales Email', 'Other'] as const;
export const COPY_TYPES = ['In-app', 'Push Notifications', 'Website', 'Presentation Copywriting'] as const;
export const PAGES = ['About us', 'Homepage', 'Services'] as const;
export const PUBLISH_PLACES = ['LinkedIn Article', 'Third Party Website/Blog', 'Own Website', 'News or Editorial', 'I want to Specify'] as const;
export const PRODUCT_MARKETPLACES = ['Own website', 'Amazon', 'Craigslist', 'AliExpress', 'AliBaba', 'Overstock', 'Other online marketplaces'] as const;
/** Choosing one of these switches the field to free text. */
export const FREE_TEXT_CHOICES = ['Other', 'I want to Specify', 'Other online marketplaces'] as const;
export const PAYMENT_TYPES = ['Balance', 'SavedCard', 'NewCard'] as const;
export const MAX_KEYWORDS = 3;
