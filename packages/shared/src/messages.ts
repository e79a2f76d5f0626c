/**
 * Every user-facing string, once (docs/decisions/0022-api-conventions.md). Server and web import
 * from here so that a message shown in a toast is the same text the API returns. Each section says
 * whose wording it holds: the original portal's, which the screens were designed around, or
 * Copydesk's own.
 */
export const messages = {
  // Sign-in, sign-up, passwords (the original portal's wording)
  requiredFields: 'Please complete the required fields.',
  passwordTooShort: 'Password should be at least 8 characters.',
  passwordsDoNotMatch: 'Password and confirm password do not match.',
  acceptTerms: 'Please accept terms and conditions.',
  emailNotCorrect: 'Your email is not correct.',
  emailTaken: 'The email has already been taken.',
  emailAlreadyRegistered: 'Email address is already registered',
  verifyEmailFirst: 'Please verify your email first.',
  verifyToViewOrder: 'Please check your email to verify your account.',
  loggedIn: 'Successfully logged in!',
  signedUp: 'Thanks for signing up! Please check your email to confirm.',
  passwordChanged: 'Your password has been changed!',
  passwordSaved: 'Your password has been saved!',
  resetEmailSent: 'Password reset email has been sent.',
  passwordChangeMismatch: 'Password and confirm password don’t match.',
  forgotPasswordHelp: "Enter your email address and we'll send you a link that you can use to set a new password.",
  success: 'Success!',

  // Account states and tokens (Copydesk wording)
  invalidCredentials: 'These credentials do not match our records.',
  accountDeactivated: 'Your account has been deactivated. Please contact support.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  tooManyLogins: 'Too many login attempts. Please try again in a few minutes.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
  invalidResetToken: 'This password reset link is invalid or has expired.',
  invalidSetPasswordToken: 'This set-password link is invalid or has expired.',
  invalidVerifyLink: 'This verification link is invalid or has expired.',
  emailVerified: 'Your email has been verified. You can sign in now.',
  emailAlreadyVerified: 'Your email is already verified. You can sign in now.',
  verificationSent: 'A fresh verification link has been sent to your email address.',
  emailNotVerifiedYet: 'Your email is not verified yet. Please check your inbox.',
  emailUnknown: 'We could not find an account with that email address.',
  invalidLoginLink: 'This sign-in link is invalid or has expired.',
  linkSessionOnly: 'The link from your email only opens the payment of its order. Please sign in with your email and password to continue.',
  socialNotConfigured: 'Google sign-in is not available right now. Please sign in with your email.',
  socialFailed: 'Google sign-in failed. Please try again.',
  socialNoAccount: 'Google sign-in could not be completed for this account.',
  profileUpdated: 'Your profile has been updated.',
  photoUpdated: 'Your profile picture has been updated.',
  photoType: 'The profile picture must be a PNG, JPEG or WebP image.',
  photoTooLarge: 'The profile picture may not be greater than 5 MB.',
  photoMissing: 'Please choose an image to upload.',
  loggedOut: 'You have been logged out.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request is too large.',
  invalidData: 'The given data was invalid.',
  serverError: 'Something went wrong on our side. Please try again.',
  fieldRequired: 'This field is required.',
  fieldTooLong: (max: number) => `This field may not be greater than ${max} characters.`,
  phoneInvalid: 'The phone number is not valid.',
  zipCodeInvalid: 'The zip code may have up to 10 letters, digits, spaces and hyphens.',

  // Billing and add balance (the original portal's wording)
  balancePositive: 'Balance should be a positive number.',
  cardNumberNumeric: 'Card number should be a number.',
  cvcNumeric: 'CVC should be a number.',
  cvcNumericPayment: 'CVC should be a number.',
  paymentInfoNotFound: 'Payment information not found',
  noSavedCard: 'No saved card.',
  addNewCard: 'Add a new card',
  noData: 'No data found.',
  emailAlreadySent: 'Email already sent.',
  cardMonthInvalid: 'Please choose an expiry month from 01 to 12.',
  cardYearInvalid: 'Please choose a valid expiry year.',
  cardExpired: 'Your card has expired.',
  selectPaymentType: 'Please choose how to pay.',

  // Coupons
  couponCreated: 'Coupon created!',
  couponUpdated: 'Coupon updated!',
  confirmDelete: 'Do you really want to delete?',
  couponAlreadyApplied: 'Coupon already applied',
  couponAboveTotal: 'Total amount must be greater than your coupon amount.',

  // Orders and payment (the original portal's wording)
  highlightedRequired: 'All highlighted fields are required.',
  fieldMax250: (field: string, item: number) => `${field}: 250 characters allowed on item ${item}.`,
  maxKeywords: 'Only 3 keywords are allowed.',
  websiteLinkInvalid: 'Your website link is not correct.',
  productLinkInvalid: 'Your product page link is not correct.',
  onlyXlsx: 'Only xlsx files are supported.',
  uploadXlsx: 'Please upload an xlsx file.',
  bulkNoUsableRow: 'Please enter correct data. All fields are required except keywords.',
  selectOrderTypeFirst: 'Please select the order type first.',
  balanceNotEnough: 'Your balance is not enough for this order.',
  noSavedCards: 'No saved cards.',
  selectSavedCard: 'Please select your saved card.',
  selectWallet: 'Please select “Pay with your Available Balance”.',
  orderNotActive: 'Order not active. Please complete payment.',

  // Frame and dashboard
  promo: (remaining: string) => `You're ${remaining} away from gaining $100 credit.`,
  noMessages: 'There are currently no messages.',

  // Web app screens (Copydesk wording)
  networkError: 'We could not reach the server. Please check your connection and try again.',
  welcomeUser: (name: string) => `Welcome, ${name}!`,
  dashboardSubtitleAdmin: 'Oversee agencies, balances, coupons and the work in progress.',
  dashboardSubtitleAgency: 'Order written content, follow its progress and manage your team.',
  dashboardSubtitleAssociate: 'Order written content for your agency and follow its progress.',
  welcomeGuideIntro: 'Welcome to Copydesk! Here is how to get from sign-up to your first delivered article:',
  verifyEmailNote: (email: string) =>
    `We have sent a verification link to ${email}. Click it to activate your account. If you cannot find the email, check your spam folder.`,
  tokenLoginPending: 'Signing you in and opening your order…',
  mailboxOff: 'The development mailbox is off: this server sends real email (SMTP is configured) or runs in production.',
  mailboxEmpty: 'No emails have been sent yet.',
  photoHint: 'PNG, JPEG or WebP, up to 5 MB.',

  // Profile and geography lookups (Copydesk wording)
  countryUnknown: 'We could not find that country. Please choose one from the list.',
  stateUnknown: 'We could not find that state in the chosen country. Please choose one from the list.',
} as const;

/** Orders: server answers (Copydesk wording where the original portal had none). */
export const orderMessages = {
  orderSaved: 'Your order has been saved. Please complete the payment.',
  orderUpdated: 'Your order has been updated. Please complete the payment.',
  orderPaidLocked: 'This order has been paid and can no longer be changed.',
  orderFetched: 'Order details loaded.',
  invalidOrderType: 'The selected order type is invalid.',
  invalidWordCount: 'The selected word count is invalid.',
  invalidAddon: 'The selected add-on is invalid.',
  invalidCategory: 'The selected category is invalid.',
  approvedLocked: 'Approved items can no longer be edited.',
  paidPriceLocked: 'The word count and add-on of a paid item cannot change.',
  lastItem: 'An order needs at least one item; delete the order instead.',
  paidDeleteUnavailable: 'Paid orders and items can only be removed with a refund to the wallet.',
  paidDeleteAdminOnly: 'This order has been paid. Only Copydesk support can delete it, with a refund to the wallet.',
  deleteWhilePaying: 'A card payment for this order is being confirmed, so it cannot be deleted now. Please check the order again in a few minutes.',
  ordersDeleted: (count: number) => `${count} unpaid ${count === 1 ? 'order was' : 'orders were'} deleted.`,
  paidBriefLocked: 'Only the title, keywords and description of a paid item can change.',
  /** The confirmation of deleting unpaid orders or items (nothing was charged, so nothing is refunded). */
  confirmDeleteUnpaid: 'Nothing was paid, so no money moves. What is deleted cannot be paid or brought back.',
  confirmDeleteSelected: (count: number) => `Delete the ${count} selected unpaid ${count === 1 ? 'order' : 'orders'}?`,
} as const;

/** Bulk orders from a spreadsheet (Copydesk wording where the original portal had none). */
export const bulkMessages = {
  saved: (items: number, rejected: number) =>
    `${items} ${items === 1 ? 'item was' : 'items were'} added to your order${rejected ? `; ${rejected} ${rejected === 1 ? 'row was' : 'rows were'} skipped` : ''}. Please complete the payment.`,
  tooLarge: 'The spreadsheet may not be greater than 10 MB.',
  tooManyRows: 'The spreadsheet may hold at most 5,000 rows.',
  missingFile: 'Please choose an .xlsx file to upload.',
  unknownOrderType: 'The selected order type is invalid.',
  required: (column: string) => `${column} is required.`,
  notAllowed: (column: string, value: string) => `${column}: "${value}" is not one of the allowed values.`,
  missingColumns: (columns: string[]) => `The sheet lacks the columns: ${columns.join(', ')}.`,
  /** A file named .xlsx that is no workbook (not a zip, or a zip without a workbook in it); other file types keep messages.onlyXlsx. */
  unreadable:
    'This .xlsx file could not be read: it may be damaged or saved in another format. Open it in your spreadsheet program, save it as an Excel workbook (.xlsx) and upload it again.',
  /** The preview of an upload, before anything is ordered. */
  previewTitle: 'Check the rows before ordering',
  previewSummary: (ordered: number, rejected: number) =>
    `${ordered} ${ordered === 1 ? 'row' : 'rows'} will be ordered${rejected ? `, ${rejected} ${rejected === 1 ? 'row is' : 'rows are'} rejected and will be skipped` : ''}.`,
  previewNothingUsable: 'No row can be ordered. Fix the rejected rows in the sheet and upload it again.',
  previewFixHint: 'To order a rejected row, fix its cell in the sheet and upload the sheet again.',
  previewTotal: 'Total of the rows to order',
  previewOrdered: 'Will be ordered',
  previewRejected: 'Rejected',
  previewRowsLabel: 'Rows of the uploaded sheet',
  previewConfirm: (ordered: number) => `Place the order of ${ordered} ${ordered === 1 ? 'item' : 'items'}`,
  previewStartOver: 'Upload another sheet',
  previewCell: (cell: string) => `Cell ${cell}`,
  /** A required column the sheet does not have: no cell to name. */
  previewAddColumn: (column: string) => `Add the column "${column}" to the sheet.`,
  previewRow: (row: number) => `Row ${row}`,
  previewFile: (name: string) => `Sheet: ${name}`,
  previewLoading: 'Reading the sheet…',
  placing: 'Placing the order…',
} as const;

/** Wallet, cards and payments (Copydesk wording where the original portal had none). */
export const billingMessages = {
  balanceAdded: 'Balance added successfully.',
  balanceCredited: (agency: string) => `The balance of ${agency} has been credited.`,
  paid: 'Payment successful. Your order is confirmed.',
  alreadyPaid: 'This order has already been paid.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  cardInvalid: 'Your card number is incorrect.',
  cardExpired: 'Your card has expired.',
  gatewayUnavailable: 'The payment could not be processed right now. Please try again.',
  savedCardUnknown: 'Please select your saved card.',
  associateWalletOnly: 'Associates can only pay from the wallet.',
  agencyUnknown: 'Please choose an agency.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed.',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different request.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  offerGranted: (credit: string) => `Congratulations! ${credit} credit has been added to your wallet.`,
} as const;

/** The billing history's rows: every movement of the wallet (docs/decisions/0033-refunds-in-every-figure.md). */
export const billingHistoryMessages = {
  /** What each kind of row is, as its badge says. */
  types: {
    'add balance': 'Top-up',
    'admin credit': 'Admin credit',
    'order payment': 'Order payment',
    refund: 'Refund',
    'offer credit': 'Offer credit',
  },
  /** The offer credit has no invoice of its own: the payment that earned it has. */
  noDocument: 'No invoice',
  /** Under a row's amount: the wallet balance it left, or that it did not move the wallet (a card payment). */
  balanceAfter: (balance: string) => `Balance ${balance}`,
  walletUntouched: 'Wallet unchanged',
  /** The spending chart: order payments net of refunds per month (UTC). */
  /** Before the series is known (loading, failed) the range is empty: no dangling comma. */
  chartSubtitle: (range: string) => (range ? `Order payments less refunds, ${range} (UTC)` : 'Order payments less refunds per month (UTC)'),
  chartEmpty: (months: number) => `No order payments in the last ${months} months.`,
  chartLabel: 'Order payments less refunds per month',
} as const;

/** Coupons at checkout: each refusal says why (docs/decisions/0009-coupons.md). */
export const couponMessages = {
  unknown: 'This coupon code is invalid.',
  inactive: 'This coupon is not active.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has reached its usage limit.',
  notForYou: 'This coupon is not available for your account.',
  applied: 'Coupon applied.',
} as const;

/** Coupon administration (the original portal's wording; Copydesk's where it had none). */
export const couponAdminMessages = {
  /** A use a full refund of its order gave back: kept in the history, no longer counted (docs/decisions/0033-refunds-in-every-figure.md). */
  useRefunded: 'Refunded',
  useRefundedOn: (date: string) => `Order refunded in full on ${date}: this use no longer counts against the limit.`,
  codeInvalid: 'The coupon code must be text.',
  codeSpaces: 'The coupon code may not contain spaces.',
  codeCharacters: 'The coupon code may only contain letters, digits and symbols.',
  codeTooLong: 'The coupon code may not be greater than 50 characters.',
  codeTaken: 'The coupon code has already been taken.',
  codeLocked: 'The coupon code cannot be changed.',
  typeInvalid: 'Please choose fixed or percentage.',
  amountInvalid: 'The amount may only contain digits and one decimal point.',
  amountPositive: 'The amount must be greater than 0.',
  amountDecimals: 'The amount may have at most 2 decimals.',
  percentageMax: 'The percentage may not be greater than 100.',
  fixedMax: (max: string) => `The amount may not be greater than ${max}.`,
  agenciesInvalid: 'Please choose agencies from the list.',
  expiryInvalid: 'Please enter the expiry date as YYYY-MM-DD.',
  expiryPast: 'The expiry date cannot be before today.',
  limitDigits: 'The limit may only contain digits.',
  limitMin: 'The limit must be at least 1.',
  limitMax: (max: string) => `The limit may not be greater than ${max}.`,
  limitBelowUsed: (used: number) => `The limit cannot be lower than the ${used} ${used === 1 ? 'time' : 'times'} this coupon has been used.`,
  statusInvalid: 'The status must be 1 (active) or 0 (inactive).',
  notFound: 'Coupon not found.',
} as const;

/** The offer banner and the associate's request for more balance (docs/decisions/0008-offer-credit.md). */
export const offerMessages = {
  /** The original portal's banner text; `credit` is the configured credit ("$100" by default). */
  promo: (remaining: string, credit: string) => `You're ${remaining} away from gaining ${credit} credit.`,
  due: (credit: string) => `You have reached the offer: your ${credit} credit will be added with your next order payment.`,
  received: (credit: string) => `You have received your ${credit} credit. Thank you for ordering with us!`,
  agencyNotified: 'Your agency has been notified.',
  notifyTooOften: 'You have already notified your agency several times. Please try again later.',
} as const;

/** Invoice links (docs/decisions/0026-invoices.md) and the Stripe gateway (Copydesk wording). */
export const invoiceMessages = {
  linkInvalid: 'This invoice link is not valid. Please download the invoice again.',
  linkExpired: 'This invoice link has expired. Please download the invoice again.',
} as const;

export const gatewayMessages = {
  rawCardRefused: 'Card numbers cannot be sent to the server. Please enter your card in the secure card form.',
  authenticationRequired: 'Your bank asks to confirm this payment. Please use another card or try again.',
  paymentMethodUnknown: 'This card could not be found. Please enter it again.',
  cardFormUnavailable: 'The secure card form could not be loaded. Please check your connection and try again.',
} as const;

/** Order screens (the original portal's wording; Copydesk's where it had none). */
export const orderScreenMessages = {
  showingEntries: (from: number, to: number, total: number) => `Showing ${from} to ${to} of ${total} entries`,
  leaveOrderForm: 'Your order is not saved yet. If you leave this page, what you entered is lost.',
} as const;

/** What a list says when it failed or is empty, around the original portal's 'No data found.' (Copydesk wording). */
export const listScreenMessages = {
  ordersFailed: 'The orders could not be loaded.',
  ordersFiltered: 'No orders match these filters. Change or reset them to see more.',
  ordersNoneCustomer: 'You have not placed an order yet. Your orders and their progress will be listed here.',
  ordersNoneAdmin: 'No one has placed an order yet.',
  orderItemsNone: 'This order has no items left.',
  billingFailed: 'The billing history could not be loaded.',
  billingFiltered: 'No payments match these dates or this search. Change or reset the filters to see more.',
  billingNone: 'Payments, top-ups, credits and refunds will be listed here, each with its invoice or credit note.',
  invoiceLinesFailed: 'This invoice could not be loaded.',
  couponsFiltered: 'No coupons match these filters. Change or reset them to see more.',
  couponsNone: 'No coupons yet. Add one to offer agencies a discount at checkout.',
  couponUsesFiltered: 'No coupon uses match these filters. Change or reset them to see more.',
  couponUsesNone: 'No paid order has used a coupon yet.',
  usersSearched: 'Nobody matches this search. Check the spelling or clear the search.',
  usersNoneAdmin: 'No users yet. Add an agency to get started.',
  usersNoneAgency: 'No associates yet. Add one to let them order from your wallet.',
  fulfilmentFailed: 'The queue could not be loaded.',
  fulfilmentNone: 'No items match these filters. Choose another status or agency, or reset the filters.',
  activityFailed: 'The activity log could not be loaded.',
  activitySearched: 'No entries match this search.',
  activityNone: 'Nothing has happened to this item yet.',
  orderTypesFailed: 'The order types could not be loaded.',
  reviewQueueFailed: 'The items waiting for your review could not be loaded.',
  previewFailed: 'The delivered document could not be shown.',
  spendingFailed: 'The spending history could not be loaded.',
} as const;

/** Delivery and review (docs/decisions/0004-item-state-machine.md; Copydesk wording where the original portal had none). */
export const contentMessages = {
  onlyDocx: 'Only .docx files can be delivered.',
  docxTooLarge: 'The delivered file may not be greater than 20 MB.',
  fileMissing: 'Please choose a .docx file to deliver.',
  assigned: (name: string) => `The item is now in progress with ${name}.`,
  assignNotAllowed: 'Only items that are queued or have a revision requested can be assigned.',
  agentInvalid: 'Please choose an active admin to work on this item.',
  delivered: (version: number) => `Version ${version} has been delivered and the customer has been notified.`,
  deliverNotAllowed: 'Files can only be delivered while the item is in progress. Take the item first.',
  approved: 'The content has been approved.',
  approveNotAllowed: 'Only delivered content that is waiting for your review can be approved.',
  revisionRequested: 'Your revision request has been sent to the writer.',
  revisionNotAllowed: 'A revision can only be requested while the content is waiting for your review.',
  noRevisionsLeft: 'No revisions left for this item.',
  reasonInvalid: 'Please choose Formatting, Grammar or Relevancy.',
  revisionFieldsMissing: 'Please choose a reason and describe what should change.',
  noDocument: 'No file has been delivered for this item yet.',
  documentNotFound: 'That file version does not exist for this item.',
  activityNoFile: 'This activity has no file.',
  exportEmpty: 'No files have been delivered for this order yet.',
  exportBusy: 'Your agency is already downloading other order files. Please try again in a minute.',
  docxTooSlow: 'This document took too long to read. Please save it again in Word (or split it) and deliver it again.',
  docxTooHeavy: 'This document is too complex to read. Please save it again in Word (or split it) and deliver it again.',
  previewTooLarge: 'This document is too long to preview. Please split it into smaller files and deliver them again.',
  documentsBusy: 'Many documents are being delivered right now. Please try again in a minute.',
  documentsUnavailable: 'Documents cannot be read right now. Please try again in a minute.',
  approvedDeleteLocked: 'Approved items cannot be deleted.',
  orderHasApproved: 'This order has approved items and cannot be deleted.',
  deleted: 'Success!',
  refunded: (amount: string) => `Success! ${amount} has been refunded to the agency wallet.`,
} as const;

/** User Management, adding users, statuses and one-time links (docs/decisions/0011-tenancy-and-roles.md; Copydesk wording). */
export const userMessages = {
  fullNameRequired: 'Please enter the full name.',
  emailRequired: 'Please enter the email address.',
  statusInvalid: 'The status must be 1 (active) or 0 (inactive).',
  agencyAdded: 'Agency added. We have emailed them a link to set their password.',
  associateAdded: 'Associate added. We have emailed them a link to set their password.',
  activated: 'The user has been activated.',
  deactivated: 'The user has been deactivated.',
  notYourself: 'You cannot change your own status.',
  adminStatusLocked: 'An admin account cannot be deactivated here.',
  agencyDeactivated: "Your agency's account has been deactivated. Please contact your agency.",
  addAgency: 'Add Agency',
  addAssociate: 'Add Associate',
  /** POST /update/onboarding with anything but one known step (it names no user: the caller's own is set). */
  onboardingStepUnknown: 'Send only the step that is done: welcome_guide_closed or offer_banner_dismissed.',
} as const;

/** The support inbox (docs/decisions/0024-support-inbox.md; Copydesk wording besides the original portal's modal title). */
export const inboxMessages = {
  createTitle: 'Create a Message',
  threadCreated: 'Your message has been sent.',
  replySent: 'Your reply has been sent.',
  subjectInvalid: 'The subject must be text.',
  messageInvalid: 'The message must be text.',
  subjectTooLong: (max: number) => `The subject may not be greater than ${max} characters.`,
  messageTooLong: (max: string) => `The message may not be greater than ${max} characters.`,
  orderInvalid: 'The order number is not valid.',
  adminOrderRequired: 'Please choose the order this message is about.',
  tooManyMessages: 'You are sending messages faster than one account may. Please wait a minute, then send again.',
} as const;

/** User Management screen and the dashboard's figures (Copydesk wording). */
export const managementScreenMessages = {
  subtitleAdmin: 'Every agency and associate: add agencies, edit their details, and activate or deactivate accounts.',
  subtitleAgency: 'Your agency and its associates: add associates, edit their details, and activate or deactivate them.',
  searchPlaceholder: 'Name, email or company',
  loadFailed: 'The users could not be loaded.',
  userLoadFailed: 'This user could not be loaded.',
  addUsers: 'Add Users',
  addAgencyHint: 'They get an email with a link to set their password. Agencies add their own associates.',
  addAssociateHint: 'They get an email with a link to set their password, then order for your agency from your wallet.',
  deactivateTitle: (name: string) => `Deactivate ${name}?`,
  deactivateSessions: (name: string) => `${name} is signed out everywhere now and cannot sign in again until the account is activated.`,
  deactivateAgency: 'Its associates are stopped too: they are signed out and cannot sign in while the agency is inactive.',
  statusLocked: 'Your own account and admin accounts cannot be deactivated here.',
} as const;

/** Admin coupon screens (the original portal's wording; Copydesk's where it had none). */
export const couponScreenMessages = {
  allAgencies: 'All agencies',
  agenciesHint: 'Leave empty to offer the coupon to all agencies.',
  codeHint: 'No spaces. The code cannot be changed later.',
  codeLockedHint: 'The code of a saved coupon cannot be changed.',
  expiryHint: 'The last day the coupon can be used.',
  amountHint: 'Dollars for a fixed coupon, percent (at most 100) for a percentage one.',
  amountFixedHint: 'Dollars off the order total.',
  amountPercentageHint: 'Percent off the order total, at most 100.',
  limitHint: 'How many paid orders may use this coupon.',
  usedSoFar: (used: number) => `Used ${used} ${used === 1 ? 'time' : 'times'} so far.`,
  notFoundHint: 'It may have been deleted. Go back to the coupon list to choose another one.',
  listFailed: 'The coupons could not be loaded',
  historyFailed: 'The coupon history could not be loaded',
  couponFailed: 'The coupon could not be loaded',
  agenciesFailed: 'The agency list could not be loaded, so agencies cannot be chosen right now.',
} as const;

/** The support inbox (/message) and its entry points (docs/decisions/0024-support-inbox.md; Copydesk wording); the
 * modal title and what the server answers are in `inboxMessages`. */
export const inboxScreenMessages = {
  title: 'Messages',
  subtitleCustomer: 'Write to our support team and keep every conversation in one place.',
  subtitleAdmin: 'Conversations with agencies and their associates. Reply to any of them here.',
  messageAboutOrder: 'Message us about this order',
  messageAgencyAboutOrder: 'Message the agency about this order',
  listLabel: 'Conversations',
  loadingList: 'Loading messages',
  listFailed: 'Your messages could not be loaded',
  retry: 'Retry',
  unread: 'unread',
  unreadCount: (count: number) => `${count} unread`,
  openedBy: (name: string) => `Opened by ${name}`,
  orderLink: (id: number) => `Order #${id}`,
  lastActivity: 'Last activity',
  chooseThread: 'Choose a conversation to read it here.',
  back: 'Back to messages',
  loadingThread: 'Loading the conversation',
  threadFailed: 'This conversation could not be loaded',
  threadMessagesLabel: 'Messages in this conversation',
  startedOn: (when: string) => `Started ${when}`,
  roleSupport: 'Support',
  roleAgency: 'Agency',
  roleAssociate: 'Associate',
  replyLabel: 'Reply',
  replyPlaceholder: 'Write your reply…',
  sendShortcut: 'Press Ctrl+Enter (⌘+Enter on a Mac) to send.',
  sendReply: 'Send reply',
  orderLabel: 'Order',
  subjectLabel: 'Subject',
  messageLabel: 'Message',
  subjectPlaceholder: 'What is it about?',
  messagePlaceholder: 'How can we help?',
  send: 'Send',
  cancel: 'Cancel',
  closeCreate: 'Close the new message form',
  characters: (used: string, max: string) => `${used} / ${max} characters`,
} as const;

/** Answers while a dependency the server needs (the database) is unreachable: 503, retry shortly. */
export const availabilityMessages = {
  databaseUnavailable: 'Copydesk is temporarily unavailable. Please try again in a few moments.',
  overloaded: 'The server is very busy right now. Please try again in a few seconds.',
} as const;

/** The error screen any route shows instead of crashing: a screen that failed to load or to draw (Copydesk wording). */
export const crashScreenMessages = {
  title: 'This page could not be shown',
  loadFailed: 'Part of Copydesk could not be loaded. Check your connection, then reload the page.',
  failed: 'Something went wrong while showing this page. Reload it, or go back to your dashboard.',
  notFound: 'This page does not exist.',
  reload: 'Reload',
  goToDashboard: 'Go to dashboard',
  reloading: 'Loading the latest version of Copydesk',
} as const;

/** A dialog closed (Escape, its close button, a click outside) while it holds text not yet sent or saved (Copydesk wording). */
export const unsavedDialogMessages = {
  title: 'Discard what you typed?',
  body: 'This dialog has text that has not been sent or saved. If you close it, the text is lost.',
  keepEditing: 'Keep editing',
  discard: 'Discard and close',
} as const;

/** Account security: password change, sign-in throttling (docs/decisions/0012-no-account-enumeration.md; Copydesk wording). */
export const securityMessages = {
  currentPasswordHint: 'Leave it empty if you have never set a password (you sign in with Google).',
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  tooManyPasswordAttempts: 'Too many wrong passwords. Please wait a few minutes and try again.',
} as const;

/** Hostile or broken input that no field accepts: answered 400/422, never 500 (docs/decisions/0022-api-conventions.md). */
export const inputMessages = {
  nulCharacter: 'This field contains a null character (U+0000), which is not allowed.',
  unpairedSurrogate: 'This field contains text that is not valid Unicode (an unpaired surrogate).',
  malformedUrl: 'The address of this request is malformed (a broken %-escape or text that is not UTF-8).',
  dateOutOfRange: 'Please enter a date between 1900-01-01 and 9999-12-31 as YYYY-MM-DD.',
  staleCursor: 'This page of the list is out of date (the sort order changed). Please go back to the first page.',
} as const;

/** Card payments settled in three steps (docs/decisions/0005-card-payments-in-three-steps.md): what a customer hears when one is not straightforward. */
export const paymentSettlementMessages = {
  inProgress: 'A card payment for this order is still being confirmed. Please wait a few minutes, then check the order before paying again.',
  unconfirmed:
    'Your card payment could not be confirmed yet. It will be settled automatically within a few minutes; please check your billing history before paying again.',
  orderChanged: 'This order changed while it was being paid, so the amount taken from your card has been refunded. Please review the order and pay again.',
  refunded: 'The payment could not be completed, and the amount taken from your card has been refunded. Please try again.',
} as const;

/** Bounded work for uploads: spreadsheets parsed in a limited pool (docs/decisions/0020-spreadsheets-in-worker-processes.md), pictures re-encoded. */
export const uploadLimitMessages = {
  importQueueFull: 'Every place in the spreadsheet import queue is taken right now, so this file was not imported. Please try again in a minute.',
  importTooHeavy: 'This spreadsheet needs more memory to read than an import may use. Please split it into smaller files and try again.',
  importTooSlow: 'This spreadsheet took too long to read. Please split it into smaller files and try again.',
  importUnavailable: 'Spreadsheet imports are unavailable for a moment. Please try again shortly.',
  photoDimensions: 'The profile picture may not be larger than 4096 × 4096 pixels.',
} as const;

/** Sign-in links opened in a signed-in browser, and sign-in refusals (docs/decisions/0032-sign-in-links-return-paths-remember-me.md). */
export const signInMessages = {
  associateDeactivated: 'Your account has been deactivated. Please ask your agency to switch it back on.',
  linkHeading: 'This link is for another account',
  linkForAnother: (owner: string, you: string) => `This sign-in link is for ${owner}. You are signed in as ${you}.`,
  signOutAndContinue: 'Sign out and continue',
  stayHere: 'Stay signed in',
  checkingLink: 'Checking the sign-in link…',
  rememberMeHint: 'Keeps you signed in after the browser is closed, for up to 30 days.',
} as const;

/** The order page and the review screen (docs/decisions/0040-review-screen.md): failed loads in place, word counts, automatic approval, version changes. */
export const reviewScreenMessages = {
  orderFailed: 'This order could not be loaded.',
  orderMissing: 'This order does not exist, or it is not one of yours. Check the link, or find the order in your order list.',
  itemFailed: 'This item could not be loaded.',
  itemMissing: 'This item does not exist, or it is not one of yours. Check the link, or find the item on its order.',
  recentOrdersFailed: 'Your recent orders could not be loaded.',
  backToOrders: 'Back to the order list',
  wordsAgainstOrder: (delivered: number, ordered: number) => `${delivered.toLocaleString('en-US')} of ${ordered.toLocaleString('en-US')} words ordered`,
  shortDelivery: (delivered: number, ordered: number) =>
    `Short: ${delivered.toLocaleString('en-US')} words delivered for a ${ordered.toLocaleString('en-US')}-word order.`,
  shortBeforeDelivery: (delivered: number, ordered: number) =>
    `This file has ${delivered.toLocaleString('en-US')} words, short of the ${ordered.toLocaleString('en-US')} words ordered. Deliver it anyway?`,
  fileWords: (delivered: number, ordered: number) =>
    `This file has ${delivered.toLocaleString('en-US')} words; the order is for ${ordered.toLocaleString('en-US')}.`,
  countingWords: 'Counting the words of the chosen file…',
  autoApproveOn: (date: string) => `Approved automatically on ${date} if you do nothing.`,
  changesTitle: (from: number, to: number) => `What changed from version ${from} to version ${to}`,
  changesFailed: 'The changes between these versions could not be shown.',
  noChanges: 'The text of these versions is the same.',
  changesSummary: (added: number, removed: number) =>
    `${added.toLocaleString('en-US')} ${added === 1 ? 'word' : 'words'} added, ${removed.toLocaleString('en-US')} ${removed === 1 ? 'word' : 'words'} removed.`,
} as const;

/** API keys and the MCP endpoint (docs/decisions/0043-api-keys-and-mcp.md; Copydesk wording). */
export const apiKeyMessages = {
  nameInvalid: 'Please enter a name for the key.',
  nameTooLong: 'The name may be at most 100 characters.',
  tooMany: 'An account may have at most 20 API keys. Revoke one you no longer use, then create the new one.',
  notFound: 'This API key does not exist, or it has already been revoked.',
  revoked: 'The API key has been revoked. Requests made with it are refused from now on.',
  keyForbidden: 'An API key cannot make this call. Sign in to Copydesk to do it.',
  mcpKeyRequired: 'The MCP endpoint needs an API key: send "Authorization: Bearer cd_…" with a key from Settings → Developers.',
  mcpPostOnly: 'The MCP endpoint takes POST requests only (the streamable HTTP transport, stateless: no standing event stream, no session to end).',
  mcpServerError: 'This tool failed because of a problem on our side. Please try again in a moment.',
} as const;

/** Webhooks (docs/decisions/0044-webhooks.md): the endpoint form's refusals, the management answers and the owner's email when an endpoint is disabled. */
export const webhookMessages = {
  urlRequired: 'Please enter the address that receives the events.',
  urlTooLong: 'The address may be at most 2000 characters long.',
  urlInvalid: 'Please enter a full address, such as https://example.com/webhooks.',
  urlNotHttps: 'The address must start with https://.',
  urlHttpLoopbackOnly: 'An http:// address is allowed only for this machine (localhost); use https:// for any other.',
  urlPrivateAddress: 'This address leads to a private or internal network, which webhooks may not call. Please use a public https:// address.',
  urlUnresolvable: 'The host of this address could not be found. Please check the address.',
  eventsRequired: 'Please choose at least one event.',
  eventsStarAlone: 'Choose "*" (every event) on its own, or name the events.',
  eventsUnknown: (names: string[]) => `Unknown event: ${names.join(', ')}.`,
  tooMany: (limit: number) => `An account may have at most ${limit} webhook endpoints. Please remove one first.`,
  notFound: 'This webhook does not exist, or it is not one of yours.',
  deliveryNotFound: "This delivery does not exist, or it is not one of this webhook's.",
  deleted: 'The webhook has been removed.',
  retryQueued: 'The delivery will be sent again in a moment.',
  testQueued: 'A test event will be sent in a moment.',
  testEventData: 'This is a test event from Copydesk.',
  /** A delivery's last error in its log: the receiver's answer, or why there was none. */
  deliveryStatus: (status: number) => `HTTP ${status}`,
  deliveryTimeout: (seconds: number) => `No answer within ${seconds} s.`,
  deliverySecretUnreadable: 'The signing secret could not be read (APP_KEY changed). Please add the webhook again.',
  deliveryEndpointDisabled: 'Not sent: the webhook was switched off after five days of failures.',
  disabledSubject: 'A Copydesk webhook has been switched off',
  disabledAction: 'Open developer settings',
  disabledFooter: 'You receive this email because you manage webhooks on Copydesk.',
  disabledBody: (url: string, days: number) =>
    `Every delivery to your webhook ${url} has failed for ${days} days, so Copydesk has stopped sending events to it. Check that the address answers, then add it again under Settings → Developers.`,
} as const;

/** Settings → Developers (/settings/developers): API keys, webhooks and the getting-started notes (Copydesk wording). */
export const developersScreenMessages = {
  menuLink: 'Developers',
  title: 'Developers',
  subtitle: 'Connect your own tools to Copydesk: API keys, signed webhooks and an MCP endpoint for AI agents.',
  keysTitle: 'API keys',
  keysIntro: 'A key acts as your account on every API call, with your permissions. It cannot manage keys or webhooks, change your password or add users.',
  createKey: 'Create API key',
  keyName: 'Name',
  keyNameHint: 'What the key is for, such as "Order pipeline".',
  keyCreatedTitle: 'Your new API key',
  keyLabel: 'API key',
  keyShownOnce: 'Copy this key now: it will not be shown again. Keep it secret, like a password.',
  tryKey: 'Try it:',
  keysNone: 'No API keys yet. Create one to call the API from your own tools.',
  keysFailed: 'The API keys could not be loaded',
  keysLabel: 'API keys',
  neverUsed: 'Never',
  revoke: 'Revoke',
  revokeKeyTitle: (name: string) => `Revoke API key ${name}`,
  revokeKeyBody: 'Requests made with this key will be refused at once. This cannot be undone.',
  webhooksTitle: 'Webhooks',
  webhooksIntro: 'Copydesk sends a signed request to your address when one of the chosen events happens, and tries again for up to a day when it fails.',
  addWebhook: 'Add webhook',
  webhookUrl: 'Endpoint URL',
  webhookUrlHint: 'An https:// address that answers with a 2xx status.',
  events: 'Events',
  allEvents: 'All events',
  allEventsHint: 'Every event listed here, and any added later.',
  webhookAddedTitle: 'Webhook added',
  secretLabel: 'Signing secret',
  secretShownOnce: 'Copy this signing secret now: it will not be shown again. Use it to check that each request comes from Copydesk.',
  webhooksNone: 'No webhooks yet. Add one to hear about orders and content as they happen.',
  webhooksFailed: 'The webhooks could not be loaded',
  webhooksLabel: 'Webhooks',
  disabled: 'Disabled',
  disabledHint: 'Deliveries failed for five days, so events are no longer sent. Remove it and add it again once the address answers.',
  remove: 'Remove',
  removeWebhookTitle: 'Remove webhook',
  removeWebhookBody: (url: string) => `Copydesk stops sending events to ${url}, and its delivery log is deleted.`,
  sendTest: 'Send test event',
  deliveryLog: 'Delivery log',
  deliveriesTitle: (url: string) => `Deliveries to ${url}`,
  deliveriesNone: 'Nothing has been sent to this address yet. Send a test event to try it.',
  deliveriesFailed: 'The delivery log could not be loaded',
  deliveriesLabel: 'Deliveries',
  refresh: 'Refresh',
  retryDelivery: 'Retry',
  done: 'Done',
  copy: 'Copy',
  copied: 'Copied',
  gettingStartedTitle: 'Getting started',
  gettingStartedIntro: 'From a key to your first automated order, and the events that follow it.',
  curlStep: 'Call the API with a key in the Authorization header (put your key in place of cd_…):',
  docsStep: 'Every call, with its parameters and answers, is described in the API reference.',
  docsLink: 'Open the API reference',
  verifyStep:
    'Each webhook request carries webhook-id, webhook-timestamp and webhook-signature headers (Standard Webhooks). Check them with the standardwebhooks package before trusting the body:',
  mcpStep: 'AI agents can order, pay and review through the MCP endpoint (streamable HTTP), with an API key:',
  mcpAddress: 'MCP endpoint',
  mcpConfig: 'An MCP client configuration:',
} as const;
