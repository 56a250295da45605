import { Alert } from '@web/components/ui/alert';
import { errorMessage, isApiError } from '@web/lib/api';

/**
 * The form-level message for a failed submit. Field errors are shown beside their fields,
 * so this only says that some need attention; other errors show their message.
 */
export function FormErrorAlert({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const message =
    isApiError(error) && error.code === 'validation_failed'
      ? 'Some fields need attention. Check the messages below each field.'
      : errorMessage(error);
  return (
    <Alert variant="destructive" assertive title={title}>
      {message}
      {isApiError(error) && error.digest ? (
        <span className="mt-1 block text-xs">
          Reference: <code className="font-mono">{error.digest}</code>
        </span>
      ) : null}
    </Alert>
  );
}
