import { formatPhone } from '@web/lib/format-phone';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { UpdateProfileBody, type Profile } from '@contracts/profile';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';

/**
 * The name (required here) and phone number of the update body; an empty number clears it. Any
 * common format: the server normalises it (E.164) and says when it is not a phone number.
 */
const detailsSchema = UpdateProfileBody.pick({ name: true, phone: true }).required();
type DetailsForm = z.infer<typeof detailsSchema>;

export function ProfileDetailsCard({ profile }: { profile: Profile }) {
  const { toast } = useToast();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<DetailsForm>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { name: profile.name, phone: profile.phone ?? '' },
  });

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { name: values.name, phone: values.phone || null },
      {
        onSuccess: (saved) => {
          // Show the number as the server stored it (E.164).
          reset({ name: saved.name, phone: saved.phone ?? '' });
          toast({
            title: 'Details saved',
            description: saved.phone && saved.phone !== values.phone ? `Your phone number is saved as ${formatPhone(saved.phone)}.` : undefined,
          });
        },
        onError: (error) => applyServerFieldErrors(error, setError, { fields: ['name', 'phone'] }),
      },
    ),
  );

  const error = update.error;
  const fieldOnly = isApiError(error) && error.code === 'validation_failed' && error.hasFieldErrors;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your details</CardTitle>
        <CardDescription>How you appear to colleagues, and where Switchboard can text you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {error && !fieldOnly ? <FormErrorAlert error={error} /> : null}
          <FormField label="Name" required error={errors.name?.message}>
            <Input autoComplete="name" {...register('name')} />
          </FormField>
          <div className="space-y-2">
            <p className="text-sm font-medium leading-none">Email address</p>
            <p className="text-sm [overflow-wrap:anywhere]">{profile.email}</p>
            <p className="text-sm text-muted-foreground">To change it, ask an administrator.</p>
          </div>
          <FormField
            label="Mobile phone"
            description="With the country code for numbers outside the US, e.g. +44 20 7946 0000. Leave empty to remove it."
            error={errors.phone?.message}
          >
            <Input type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />
          </FormField>
          <Button type="submit" loading={update.isPending} disabled={!isDirty && !update.isPending}>
            Save details
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
