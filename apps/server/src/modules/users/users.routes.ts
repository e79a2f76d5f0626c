import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeStatusSchema,
  editUserSchema,
  errorResponseSchema,
  idParamSchema,
  messageResponseSchema,
  messages,
  PROFILE_PIC_MAX_BYTES,
  profilePictureParamsSchema,
  profileResponseSchema,
  updateInfoSchema,
  userDetailResponseSchema,
  userListAnyResponseSchema,
  userListQuerySchema,
} from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { readMultipart } from '../../lib/uploads.js';
import { currentUser, requireAuth } from '../../plugins/auth.js';
import * as management from './user-management.service.js';
import * as users from './users.service.js';

const tags = ['users'];
const security = [{ bearerAuth: [] }];
const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };

/** The multipart field `file`, at most 5 MB; anything else is "no file" to the user. */
async function readPictureUpload(request: FastifyRequest): Promise<Buffer> {
  const upload = await readMultipart(request, { fileField: 'file', maxBytes: PROFILE_PIC_MAX_BYTES });
  if (!upload?.file) throw AppError.field('file', messages.photoMissing);
  if (upload.tooLarge) throw AppError.field('file', messages.photoTooLarge);
  return upload.file;
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, storage: app.storage, config: app.config };
  // Authorisation runs on request, before the body or query is read: an associate gets 403
  // whatever it sends.
  const managers = requireAuth('users.manage');

  app.get(
    '/user',
    {
      schema: {
        tags,
        security,
        summary: 'Users in scope (admin: everyone; agency: itself and its associates), paged; ?count=1 → {count}; ?showAll=1 → every {id, name, email}',
        querystring: userListQuerySchema,
        response: { 200: userListAnyResponseSchema, ...errors },
      },
      onRequest: managers,
    },
    async (request) => management.listUsers(ctx, { actor: currentUser(request), query: request.query }),
  );

  app.get(
    '/user/:id',
    {
      schema: { tags, security, summary: 'One user in scope (404 outside it)', params: idParamSchema, response: { 200: userDetailResponseSchema, ...errors } },
      onRequest: managers,
    },
    async (request) => management.getUser(ctx, { actor: currentUser(request), id: request.params.id }),
  );

  app.post(
    '/user/changeStatus',
    {
      schema: {
        tags,
        security,
        summary: 'Activate (1) or deactivate (0) a user: admin any agency or associate, agency its own associates; deactivation ends their sessions',
        body: changeStatusSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      onRequest: managers,
    },
    async (request) => management.changeStatus(ctx, { actor: currentUser(request), userId: request.body.userid, status: request.body.status }),
  );

  // Contact Information of My Account; associates have no such tab.
  app.post(
    '/update/updateInfo',
    {
      schema: {
        tags,
        security,
        summary: "Update the caller's contact information (admin, agency)",
        body: updateInfoSchema,
        response: { 200: profileResponseSchema, ...errors },
      },
      onRequest: requireAuth('account.contactInfo'),
    },
    async (request) => users.updateContactInfo(ctx, { userId: currentUser(request).id, input: request.body }),
  );

  app.post(
    '/update/updateUserInfo',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a user: admins anyone, agencies themselves and their associates, associates themselves',
        body: editUserSchema,
        response: { 200: profileResponseSchema, ...errors },
      },
      onRequest: requireAuth(),
    },
    async (request) => users.editUser(ctx, { actor: currentUser(request), input: request.body.sign }),
  );

  app.post(
    '/updateProfilePic',
    {
      schema: {
        tags,
        security,
        summary: 'Upload a profile picture: multipart field `file`, PNG, JPEG or WebP, at most 5 MB',
        consumes: ['multipart/form-data'],
        response: { 200: profileResponseSchema, ...errors },
      },
      onRequest: requireAuth(),
    },
    async (request) => {
      const user = currentUser(request);
      return users.replaceProfilePicture(ctx, { userId: user.id, data: await readPictureUpload(request) });
    },
  );

  // Public: <img> tags send no bearer token, and the file names are 144-bit random.
  app.get(
    '/profile-pictures/:file',
    {
      schema: { tags, summary: 'A stored profile picture (PNG, JPEG or WebP bytes)', params: profilePictureParamsSchema },
    },
    async (request, reply) => {
      const picture = await users.readProfilePicture(ctx, { file: request.params.file });
      return (
        reply
          .header('content-type', picture.contentType)
          .header('x-content-type-options', 'nosniff')
          // A new upload gets a new name, so a name's bytes never change.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(picture.data)
      );
    },
  );
};
