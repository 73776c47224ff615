/** Two-factor sign-in: on or off (set up in a later step of this screen). */
export function TwoFactorSection({ enabled }: { readonly enabled: boolean }) {
  return (
    <section aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-factor sign-in</h2>
      <p data-testid="two-factor-state">{enabled ? 'On' : 'Off'}</p>
    </section>
  );
}
