export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "1 revision left", "2 revisions left". */
export const revisionsLeftText = (count: number) => `${count} ${count === 1 ? 'revision' : 'revisions'} left`;

/** A file a writer may deliver: a .docx by name (the server checks the contents again). */
export const isDocxName = (name: string) => /\.docx$/i.test(name);

/** "30 Nov", with the year when it is not this year's: the automatic approval date. */
export const formatDayMonth = (iso: string, now = new Date()) => {
  const date = new Date(iso);
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }) });
};
