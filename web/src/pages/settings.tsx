// Account settings: profile, password and sessions, API tokens, webhooks.
import { PasswordSection, SessionsSection } from '../settings/password.tsx';
import { ProfileSection } from '../settings/profile.tsx';
import { TokensSection } from '../settings/tokens.tsx';
import { WebhooksSection } from '../settings/webhooks.tsx';

export function Settings() {
  return (
    <>
      <h1>Settings</h1>
      <div class="grid">
        <ProfileSection />
        <div>
          <PasswordSection />
          <SessionsSection />
        </div>
      </div>
      <TokensSection />
      <WebhooksSection />
    </>
  );
}
