/** The footer's line: the year of the day it is read, not of the day the app was built. */
export const copyrightLine = (now: Date = new Date()) => `© ${now.getFullYear()} Copydesk`;
