import { usersByRoleParamsSchema, usersByRoleResponseSchema } from '../schemas/coupons.js';
import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import {
  changeStatusSchema,
  editUserSchema,
  onboardingStepSchema,
  profilePictureParamsSchema,
  profileResponseSchema,
  updateInfoSchema,
  userDetailResponseSchema,
  userListAnyResponseSchema,
  userListQuerySchema,
} from '../schemas/users.js';
import { userResponseSchema } from '../schemas/auth.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['users'];

/** User management and My Account (docs/decisions/0011-tenancy-and-roles.md). */
export const userEndpoints = {
  /** One path, three answers picked by the flags: the page, `?count=1` → {count}, `?showAll=1` → every {id, name, email}. */
  listUsers: defineEndpoint({
    ...routes.listUsers,
    access: ['users.manage'],
    summary: 'Users in scope (admin: everyone; agency: itself and its associates), paged; ?count=1 → {count}; ?showAll=1 → every {id, name, email}',
    tags,
    query: userListQuerySchema,
    response: { 200: userListAnyResponseSchema },
  }),
  getUser: defineEndpoint({
    ...routes.getUser,
    access: ['users.manage'],
    summary: 'One user in scope (404 outside it)',
    tags,
    params: idParamSchema,
    response: { 200: userDetailResponseSchema },
  }),
  changeUserStatus: defineEndpoint({
    ...routes.changeUserStatus,
    access: ['users.manage'],
    // Switching team members off and on stays with a signed-in person, like adding them.
    apiKey: false,
    summary: 'Activate (1) or deactivate (0) a user: admin any agency or associate, agency its own associates; deactivation ends their sessions',
    tags,
    body: changeStatusSchema,
    response: { 200: messageResponseSchema },
  }),
  updateInfo: defineEndpoint({
    ...routes.updateInfo,
    access: ['account.contactInfo'],
    apiKey: false,
    summary: "Update the caller's contact information (admin, agency)",
    tags,
    body: updateInfoSchema,
    response: { 200: profileResponseSchema },
  }),
  editUser: defineEndpoint({
    ...routes.editUser,
    access: 'signed-in',
    apiKey: false,
    summary: 'Edit a user: admins anyone, agencies themselves and their associates, associates themselves',
    tags,
    body: editUserSchema,
    response: { 200: profileResponseSchema },
  }),
  updateProfilePic: defineEndpoint({
    ...routes.updateProfilePic,
    access: 'signed-in',
    apiKey: false,
    summary: 'Upload a profile picture: multipart field `file`, PNG, JPEG or WebP, at most 5 MB',
    tags,
    body: 'multipart',
    response: { 200: profileResponseSchema },
  }),
  finishOnboardingStep: defineEndpoint({
    ...routes.finishOnboardingStep,
    access: 'signed-in',
    summary: "Mark a step of the caller's own onboarding done (the welcome guide closed, the offer banner dismissed): it is not shown again in any browser",
    tags,
    body: onboardingStepSchema,
    response: { 200: userResponseSchema },
  }),
  /** Public: <img> tags send no bearer token, and the file names are 144-bit random. */
  getProfilePicture: defineEndpoint({
    ...routes.getProfilePicture,
    access: 'public',
    summary: 'A stored profile picture (PNG, JPEG or WebP bytes)',
    tags,
    params: profilePictureParamsSchema,
    download: true,
  }),
  listUsersByRole: defineEndpoint({
    ...routes.listUsersByRole,
    access: ['users.listByRole'],
    summary: 'Users of one role, by company then name (admin)',
    tags,
    params: usersByRoleParamsSchema,
    response: { 200: usersByRoleResponseSchema },
  }),
};
