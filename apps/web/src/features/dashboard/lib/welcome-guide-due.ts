import type { User } from '@copydesk/shared';
import { onboardingOf } from '@/lib/onboarding';

/** The first sign-in guide is for a user's first sign-in, until it is closed (docs/decisions/0041-onboarding-once.md). */
export const welcomeGuideDue = (user: User) => user.login_count <= 1 && !onboardingOf(user).welcome_guide_closed;
