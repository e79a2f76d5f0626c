/** The phone field's flag images, `{XX}` standing for the country code (vite.config.ts, countryFlagImages). */
declare const __COUNTRY_FLAG_URL__: string;
