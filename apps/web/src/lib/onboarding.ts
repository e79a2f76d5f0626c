import { useMutation } from '@tanstack/react-query';
import type { OnboardingStep, User } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { updateStoredUser } from '@/lib/auth';

/**
 * POST /update/onboarding {step} → {user}: one step of the signed-in user's onboarding done (the welcome
 * guide closed, the offer banner dismissed), kept on the server so no browser shows it again
 * (docs/decisions/0041-onboarding-once.md). The answer replaces the stored user, whose `onboarding`
 * every screen reads. Here, not in a feature, because the dashboard's guide and the billing banner both mark steps.
 */
export const finishOnboardingStep = (step: OnboardingStep) => call('finishOnboardingStep', { body: { step } });

export const useFinishOnboardingStep = () =>
  useMutation({
    mutationFn: finishOnboardingStep,
    // The screen hides what was closed at once; a failed save is the query client's toast, and the
    // step shows again on the next sign-in.
    onSuccess: (answer) => updateStoredUser(answer.user),
  });

/**
 * The user's onboarding as stored. A user stored by a build before `onboarding` existed has none until
 * GET /getInfo (on entering the signed-in frame) replaces it: nothing done yet, until then.
 */
export function onboardingOf(user: User): User['onboarding'] {
  return (user as Partial<User>).onboarding ?? { welcome_guide_closed: false, offer_banner_dismissed: false };
}
