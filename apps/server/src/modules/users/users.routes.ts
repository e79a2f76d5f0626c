import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, errorResponseSchema, PROFILE_PIC_MAX_BYTES } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { readMultipart } from '../../lib/uploads.js';
import { currentUser } from '../../lib/access.js';
import * as users from './users.service.js';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };

/** The multipart field `file`, at most 5 MB; anything else is "no file" to the user. */
async function readPictureUpload(request: FastifyRequest): Promise<Buffer> {
  const upload = await readMultipart(request, { fileField: 'file', maxBytes: PROFILE_PIC_MAX_BYTES });
  if (!upload?.file) throw AppError.field('user.photo_missing', 'file');
  if (upload.tooLarge) throw AppError.field('user.photo_too_large', 'file');
  return upload.file;
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Contact Information of My Account; associates have no such tab.
  route(app, endpoints.updateInfo, { errors }, async (request) => users.updateContactInfo(ctx, currentUser(request), request.body));

  route(app, endpoints.editUser, { errors }, async (request) => users.editUser(ctx, currentUser(request), request.body.sign));

  // The welcome guide closed, the offer banner dismissed: always the caller's own.
  route(app, endpoints.finishOnboardingStep, { errors }, async (request) => users.finishOnboardingStep(ctx, currentUser(request), request.body.step));

  route(app, endpoints.updateProfilePic, { errors }, async (request) => {
    const user = currentUser(request);
    return users.replaceProfilePicture(ctx, user, await readPictureUpload(request));
  });

  // Public: <img> tags send no bearer token, and the file names are 144-bit random.
  route(app, endpoints.getProfilePicture, {}, async (request, reply) => {
    const picture = await users.readProfilePicture(ctx, request.params.file);
    return (
      reply
        .header('content-type', picture.contentType)
        .header('x-content-type-options', 'nosniff')
        // A new upload gets a new name, so a name's bytes never change.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(picture.data)
    );
  });
};
