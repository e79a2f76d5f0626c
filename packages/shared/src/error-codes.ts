import {
  apiKeyMessages,
  availabilityMessages,
  billingMessages,
  bulkMessages,
  contentMessages,
  couponAdminMessages,
  couponMessages,
  gatewayMessages,
  inboxMessages,
  inputMessages,
  invoiceMessages,
  messages,
  offerMessages,
  orderMessages,
  paymentSettlementMessages,
  securityMessages,
  signInMessages,
  uploadLimitMessages,
  userMessages,
  webhookMessages,
} from './messages.js';

/**
 * Every error the API answers, once (docs/decisions/0022-api-conventions.md): each code with its
 * HTTP status and the message it carries. Error answers are `{code, message, errors?}`; clients
 * branch on `code`, never on the message text, which stays the product's wording in messages.ts.
 * A message that depends on the case (a limit, a column name) is the function that builds it; the
 * thrower passes the built text. Codes are dotted lower_snake names and never change once shipped.
 */
export const errorCodes = {
  // The request itself: what the framework refuses before (or instead of) a route
  'request.invalid': { status: 400, message: messages.invalidData },
  'request.malformed_json': { status: 400, message: messages.malformedJson },
  'request.malformed_url': { status: 400, message: inputMessages.malformedUrl },
  'request.not_found': { status: 404, message: messages.notFound },
  'request.not_acceptable': { status: 406, message: messages.invalidData },
  'request.payload_too_large': { status: 413, message: messages.payloadTooLarge },
  'request.unsupported_media_type': { status: 415, message: messages.invalidData },
  'validation.failed': { status: 422, message: messages.invalidData },
  'input.nul_character': { status: 422, message: inputMessages.nulCharacter },
  'input.unpaired_surrogate': { status: 422, message: inputMessages.unpairedSurrogate },
  'rate_limit.exceeded': { status: 429, message: messages.tooManyRequests },
  'server.error': { status: 500, message: messages.serverError },
  'service.unavailable': { status: 503, message: availabilityMessages.databaseUnavailable },
  'service.overloaded': { status: 503, message: availabilityMessages.overloaded },

  // Sessions, sign-in, passwords and one-time links
  'auth.unauthenticated': { status: 401, message: messages.unauthenticated },
  'auth.forbidden': { status: 403, message: messages.forbidden },
  'auth.account_deactivated': { status: 403, message: messages.accountDeactivated },
  'auth.agency_deactivated': { status: 403, message: userMessages.agencyDeactivated },
  'auth.associate_deactivated': { status: 403, message: signInMessages.associateDeactivated },
  'auth.email_unverified': { status: 403, message: messages.verifyEmailFirst },
  'auth.invalid_credentials': { status: 422, message: messages.invalidCredentials },
  'auth.too_many_logins': { status: 429, message: messages.tooManyLogins },
  'auth.reset_link_invalid': { status: 422, message: messages.invalidResetToken },
  'auth.set_password_link_invalid': { status: 422, message: messages.invalidSetPasswordToken },
  'auth.login_link_invalid': { status: 401, message: messages.invalidLoginLink },
  'auth.link_session_only': { status: 403, message: messages.linkSessionOnly },
  'auth.current_password_required': { status: 422, message: securityMessages.currentPasswordRequired },
  'auth.current_password_wrong': { status: 422, message: securityMessages.currentPasswordWrong },
  'auth.too_many_password_attempts': { status: 429, message: securityMessages.tooManyPasswordAttempts },
  'auth.social_failed': { status: 401, message: messages.socialFailed },
  'auth.social_conflict': { status: 409, message: messages.socialFailed },
  'auth.social_no_account': { status: 403, message: messages.socialNoAccount },
  'auth.api_key_forbidden': { status: 403, message: apiKeyMessages.keyForbidden },

  // Profiles and user management
  'user.email_taken': { status: 422, message: messages.emailTaken },
  'user.phone_invalid': { status: 422, message: messages.phoneInvalid },
  'user.country_unknown': { status: 422, message: messages.countryUnknown },
  'user.state_unknown': { status: 422, message: messages.stateUnknown },
  'user.photo_missing': { status: 422, message: messages.photoMissing },
  'user.photo_too_large': { status: 422, message: messages.photoTooLarge },
  'user.photo_type_invalid': { status: 422, message: messages.photoType },
  'user.photo_dimensions_too_large': { status: 422, message: uploadLimitMessages.photoDimensions },
  'user.status_of_self': { status: 403, message: userMessages.notYourself },
  'user.admin_status_locked': { status: 403, message: userMessages.adminStatusLocked },

  // Country and state lookups
  'geo.country_not_found': { status: 404, message: messages.countryUnknown },
  'geo.state_not_found': { status: 404, message: messages.stateUnknown },

  // Orders and their items
  'order.email_unverified': { status: 403, message: messages.verifyToViewOrder },
  'order.order_type_invalid': { status: 422, message: orderMessages.invalidOrderType },
  'order.word_count_invalid': { status: 422, message: orderMessages.invalidWordCount },
  'order.addon_invalid': { status: 422, message: orderMessages.invalidAddon },
  'order.category_invalid': { status: 422, message: orderMessages.invalidCategory },
  'order.paid_locked': { status: 409, message: orderMessages.orderPaidLocked },
  'order.already_paid': { status: 409, message: billingMessages.alreadyPaid },
  'order.has_approved_items': { status: 409, message: contentMessages.orderHasApproved },
  'order.item_approved_locked': { status: 409, message: orderMessages.approvedLocked },
  'order.item_approved_undeletable': { status: 409, message: contentMessages.approvedDeleteLocked },
  'order.paid_price_locked': { status: 409, message: orderMessages.paidPriceLocked },
  'order.last_item': { status: 409, message: orderMessages.lastItem },
  'order.paid_delete_admin_only': { status: 403, message: orderMessages.paidDeleteAdminOnly },
  'order.payment_in_flight': { status: 409, message: orderMessages.deleteWhilePaying },
  'order.paid_brief_locked': { status: 409, message: orderMessages.paidBriefLocked },

  // Bulk orders from a spreadsheet
  'bulk.order_type_required': { status: 422, message: messages.selectOrderTypeFirst },
  'bulk.order_type_unknown': { status: 422, message: bulkMessages.unknownOrderType },
  'bulk.file_missing': { status: 422, message: bulkMessages.missingFile },
  'bulk.only_xlsx': { status: 422, message: messages.onlyXlsx },
  'bulk.unreadable': { status: 422, message: bulkMessages.unreadable },
  'bulk.file_too_large': { status: 422, message: bulkMessages.tooLarge },
  'bulk.too_many_rows': { status: 422, message: bulkMessages.tooManyRows },
  'bulk.missing_columns': { status: 422, message: messages.bulkNoUsableRow },
  'bulk.no_usable_row': { status: 422, message: messages.bulkNoUsableRow },
  'bulk.import_queue_full': { status: 429, message: uploadLimitMessages.importQueueFull },
  'bulk.import_too_heavy': { status: 422, message: uploadLimitMessages.importTooHeavy },
  'bulk.import_too_slow': { status: 422, message: uploadLimitMessages.importTooSlow },
  'bulk.import_unavailable': { status: 503, message: uploadLimitMessages.importUnavailable },

  // Delivery and review
  'content.file_missing': { status: 422, message: contentMessages.fileMissing },
  'content.only_docx': { status: 422, message: contentMessages.onlyDocx },
  'content.file_too_large': { status: 422, message: contentMessages.docxTooLarge },
  'content.agent_invalid': { status: 422, message: contentMessages.agentInvalid },
  'content.assign_not_allowed': { status: 409, message: contentMessages.assignNotAllowed },
  'content.deliver_not_allowed': { status: 409, message: contentMessages.deliverNotAllowed },
  'content.approve_not_allowed': { status: 409, message: contentMessages.approveNotAllowed },
  'content.revision_not_allowed': { status: 409, message: contentMessages.revisionNotAllowed },
  'content.no_revisions_left': { status: 409, message: contentMessages.noRevisionsLeft },
  'content.no_document': { status: 404, message: contentMessages.noDocument },
  'content.document_not_found': { status: 404, message: contentMessages.documentNotFound },
  'content.activity_no_file': { status: 404, message: contentMessages.activityNoFile },
  'content.export_empty': { status: 404, message: contentMessages.exportEmpty },
  'content.export_busy': { status: 429, message: contentMessages.exportBusy },
  'content.docx_too_slow': { status: 422, message: contentMessages.docxTooSlow },
  'content.docx_too_heavy': { status: 422, message: contentMessages.docxTooHeavy },
  'content.preview_too_large': { status: 422, message: contentMessages.previewTooLarge },
  'content.documents_busy': { status: 429, message: contentMessages.documentsBusy },
  'content.documents_unavailable': { status: 503, message: contentMessages.documentsUnavailable },

  // Wallet, payments and idempotency keys
  'wallet.insufficient_funds': { status: 422, message: messages.balanceNotEnough },
  'wallet.amount_invalid': { status: 422, message: messages.balancePositive },
  'wallet.agency_unknown': { status: 422, message: billingMessages.agencyUnknown },
  'payment.not_found': { status: 404, message: messages.paymentInfoNotFound },
  'payment.wallet_only': { status: 403, message: billingMessages.associateWalletOnly },
  'payment.in_progress': { status: 409, message: paymentSettlementMessages.inProgress },
  'payment.order_changed': { status: 409, message: paymentSettlementMessages.orderChanged },
  'payment.refunded': { status: 409, message: paymentSettlementMessages.refunded },
  'payment.not_completed': { status: 402, message: paymentSettlementMessages.refunded },
  'payment.unconfirmed': { status: 503, message: paymentSettlementMessages.unconfirmed },
  'payment.gateway_unavailable': { status: 503, message: billingMessages.gatewayUnavailable },
  'idempotency.key_invalid': { status: 422, message: billingMessages.idempotencyKeyInvalid },
  'idempotency.key_reused': { status: 422, message: billingMessages.idempotencyMismatch },
  'idempotency.in_progress': { status: 409, message: billingMessages.idempotencyInProgress },

  // Cards
  'card.declined': { status: 402, message: billingMessages.declined },
  'card.insufficient_funds': { status: 402, message: billingMessages.insufficientFunds },
  'card.number_invalid': { status: 402, message: billingMessages.cardInvalid },
  'card.expired': { status: 402, message: billingMessages.cardExpired },
  'card.authentication_required': { status: 402, message: gatewayMessages.authenticationRequired },
  'card.saved_card_unknown': { status: 422, message: billingMessages.savedCardUnknown },
  'card.payment_method_unknown': { status: 422, message: gatewayMessages.paymentMethodUnknown },
  'card.raw_number_refused': { status: 422, message: gatewayMessages.rawCardRefused },

  // Coupons at checkout
  'coupon.code_required': { status: 422, message: messages.fieldRequired },
  'coupon.unknown': { status: 422, message: couponMessages.unknown },
  'coupon.inactive': { status: 422, message: couponMessages.inactive },
  'coupon.expired': { status: 422, message: couponMessages.expired },
  'coupon.used_up': { status: 422, message: couponMessages.usedUp },
  'coupon.not_for_you': { status: 422, message: couponMessages.notForYou },
  'coupon.above_total': { status: 422, message: messages.couponAboveTotal },

  // Coupon administration
  'coupon.not_found': { status: 404, message: couponAdminMessages.notFound },
  'coupon.code_taken': { status: 422, message: couponAdminMessages.codeTaken },
  'coupon.code_locked': { status: 422, message: couponAdminMessages.codeLocked },
  'coupon.agencies_invalid': { status: 422, message: couponAdminMessages.agenciesInvalid },
  'coupon.percentage_too_high': { status: 422, message: couponAdminMessages.percentageMax },
  'coupon.amount_too_high': { status: 422, message: couponAdminMessages.fixedMax },
  'coupon.expiry_past': { status: 422, message: couponAdminMessages.expiryPast },
  'coupon.limit_below_used': { status: 422, message: couponAdminMessages.limitBelowUsed },

  // Offers, invoices and the support inbox
  'offer.notify_too_often': { status: 429, message: offerMessages.notifyTooOften },
  'invoice.link_invalid': { status: 403, message: invoiceMessages.linkInvalid },
  'invoice.link_expired': { status: 403, message: invoiceMessages.linkExpired },
  'message.order_required': { status: 422, message: inboxMessages.adminOrderRequired },
  'message.rate_limited': { status: 429, message: inboxMessages.tooManyMessages },

  // Webhooks
  'webhook.not_found': { status: 404, message: webhookMessages.notFound },
  'webhook.delivery_not_found': { status: 404, message: webhookMessages.deliveryNotFound },
  'webhook.url_invalid': { status: 422, message: webhookMessages.urlInvalid },
  'webhook.url_not_https': { status: 422, message: webhookMessages.urlNotHttps },
  'webhook.url_http_loopback_only': { status: 422, message: webhookMessages.urlHttpLoopbackOnly },
  'webhook.url_private_address': { status: 422, message: webhookMessages.urlPrivateAddress },
  'webhook.url_unresolvable': { status: 422, message: webhookMessages.urlUnresolvable },
  'webhook.too_many': { status: 422, message: webhookMessages.tooMany },

  // API keys (docs/decisions/0043-api-keys-and-mcp.md)
  'api_key.limit_reached': { status: 422, message: apiKeyMessages.tooMany },
  'api_key.not_found': { status: 404, message: apiKeyMessages.notFound },
  'mcp.method_not_allowed': { status: 405, message: apiKeyMessages.mcpPostOnly },
} as const satisfies Record<string, { status: number; message: string | ((...args: never[]) => string) }>;

export type ErrorCode = keyof typeof errorCodes;

/** Every code, for an enum (the OpenAPI document's `code`). */
export const ERROR_CODES = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];

/** The codes whose message is one fixed text; the others' message is built from the case. */
export type FixedMessageCode = { [C in ErrorCode]: (typeof errorCodes)[C]['message'] extends string ? C : never }[ErrorCode];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}

export const errorStatusOf = (code: ErrorCode): number => errorCodes[code].status;

/** The message a code carries when the thrower passes none. */
export const errorMessageOf = (code: FixedMessageCode): string => errorCodes[code].message;

/** The codes answered with a status (what an error response of that status may carry). */
export const errorCodesWithStatus = (status: number): ErrorCode[] => ERROR_CODES.filter((code) => errorCodes[code].status === status);
