// What the load scripts (chaos.mjs, cluster.mjs) send as a customer would: a sandbox card that is
// always accepted, and one Blog Post of an order form.

/** The sandbox's accepted test card with a billing address, as the payment and top-up forms send it. */
export function card(nameOnCard) {
  return {
    nameOnCard,
    cardNumber: '4242 4242 4242 4242',
    cardCvc: '123',
    month: '04',
    year: String(new Date().getUTCFullYear() + 2),
    address: '500 Market Street',
    country: 'United States',
    state: 'California',
    city: 'San Francisco',
    zipCode: '94105',
  };
}

/** One Blog Post of the order form, titled `title`. */
export function orderItem(title, { project, about, audience }) {
  return {
    orderType: 'Blog Post',
    wordCount: { word: '500 Words' },
    addOns: null,
    category: 'Technology',
    articleTitle: title,
    project_name: project,
    about_company: about,
    target_audience: audience,
    purpose: 'Informative',
    writing_tone: 'Casual',
    publish_medium: 'Own Website',
  };
}

/**
 * The headers and body of one call as the web app makes it: the bearer token, the operation's
 * Idempotency-Key, and a JSON body or a multipart form (`form()` builds a fresh FormData per send).
 */
export function requestOf({ token, json, form, key }) {
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['idempotency-key'] = key;
  if (json !== undefined) return { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(json) };
  return { headers, body: form ? form() : undefined };
}
