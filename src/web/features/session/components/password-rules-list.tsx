import { PASSWORD_RULES } from '../password-rules';

/** The password rules, shown before people type (and linked to the field with aria-describedby). */
export function PasswordRulesList({ id, includeDifferent = true }: { id?: string; includeDifferent?: boolean }) {
  const rules = includeDifferent ? PASSWORD_RULES : PASSWORD_RULES.filter((rule) => rule.id !== 'different');
  return (
    <div id={id} className="rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground">
      <p className="font-medium text-foreground">Your new password must be:</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {rules.map((rule) => (
          <li key={rule.id}>{rule.text}</li>
        ))}
      </ul>
    </div>
  );
}
