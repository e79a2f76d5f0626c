/** Business constants and limits (access-and-billing §9, orders-and-payment §9). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const TEXT_MAX = 250;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 32;
export const ZIP_MAX = 5;
export const CITY_MAX = 250;

export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 5;

export const PROFILE_PIC_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PIC_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Client timings (access-and-billing §9). */
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
