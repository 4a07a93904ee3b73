// Account settings: profile, password and sessions, this month's usage, API tokens, webhooks.
import { UsageSection } from '../components/usage.tsx';
import { PasswordSection, SessionsSection } from '../settings/password.tsx';
import { ProfileSection } from '../settings/profile.tsx';
import { TokensSection } from '../settings/tokens.tsx';
import { WebhooksSection } from '../settings/webhooks.tsx';
import { PageHeading } from '../components/page-heading.tsx';

export function Settings() {
  return (
    <>
      <PageHeading text="Settings" />
      <div class="grid">
        <ProfileSection />
        <div>
          <PasswordSection />
          <SessionsSection />
        </div>
      </div>
      <UsageSection scope="user" title="Usage" />
      <TokensSection />
      <WebhooksSection />
    </>
  );
}
