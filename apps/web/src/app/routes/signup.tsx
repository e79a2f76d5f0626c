import { AuthLayout } from '@/components/layouts/auth-layout';
import { SignupForm } from '@/features/auth/components/signup-form';

/** /signup: a new agency account. */
export function SignupRoute() {
  return (
    <AuthLayout title="Sign Up" subtitle="Enter your details and create a free account" width={600}>
      <SignupForm />
    </AuthLayout>
  );
}
