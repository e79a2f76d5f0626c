-- Onboarding interrupts once (docs/decisions/0041-onboarding-once.md): when a user closed the welcome
-- guide and when they dismissed the offer banner, kept on the user so it holds in every browser they
-- sign in from. Null: not yet. Users who signed in before this migration had their first sign-in, the
-- only one the guide opens on, so nothing needs filling in.
ALTER TABLE users ADD COLUMN welcome_guide_closed_at timestamptz, ADD COLUMN offer_banner_dismissed_at timestamptz;
