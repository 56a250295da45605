import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CreateUserResult } from '@contracts/users';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { useCreateUser } from '../api/create-user';
import { inviteUserSchema, type InviteUserFormInput, type InviteUserFormOutput } from '../user-form-schemas';
import { OrganizationsForRole } from './organizations-checklist';
import { PasswordDeliveryChoice } from './password-delivery-choice';
import { ROLE_DESCRIPTIONS, RoleSelect } from './role-select';
import { TemporaryPasswordField } from './temporary-password-field';
import { TemporaryPasswordReveal } from './temporary-password-reveal';
import { useSignedInSession } from '@web/lib/use-signed-in-session';

const DELIVERY_OPTIONS = [
  {
    value: 'invite',
    label: 'Email an invitation link',
    description: 'They choose their own password from a link valid for a limited time.',
  },
  {
    value: 'temporary_password',
    label: 'Set a temporary password now',
    description: 'You give it to them; they must change it when they first sign in.',
  },
] as const;

const FIELDS = ['email', 'name', 'role', 'organizationIds', 'mode', 'temporaryPassword'] as const;

export function InviteUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" onCloseAutoFocus={returnFocus}>{open ? <InviteUserForm onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function InviteUserForm({ onDone }: { onDone: () => void }) {
  const { toast } = useToast();
  // Without e-mail on this server an invitation link reaches no one: the temporary password is the way that works.
  const session = useSignedInSession();
  const emailDelivered = session.emailDelivered !== false;
  // The demo prints the link on its terminal instead (README, "Messages on the demo's terminal").
  const onTerminal = !emailDelivered && session.messagesOnTerminal === true;
  const options = emailDelivered
    ? DELIVERY_OPTIONS
    : DELIVERY_OPTIONS.map((o) =>
        o.value === 'invite'
          ? { ...o, description: onTerminal ? "This demo server sends no e-mail: the link is printed in the server's terminal, for you to pass on." : 'This server sends no e-mail (SMTP_URL is not set): the link would reach no one.' }
          : { ...o, description: `${o.description} Works without e-mail.` },
      );
  const create = useCreateUser();
  const [created, setCreated] = React.useState<CreateUserResult | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<InviteUserFormInput, unknown, InviteUserFormOutput>({
    resolver: zodResolver(inviteUserSchema),
    defaultValues: { email: '', name: '', role: 'agent', organizationIds: [], mode: emailDelivered ? 'invite' : 'temporary_password', temporaryPassword: '' },
  });
  const role = watch('role');
  const mode = watch('mode');

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      {
        email: values.email,
        name: values.name,
        role: values.role,
        organizationIds: values.role === 'admin' ? [] : values.organizationIds,
        mode: values.mode,
        temporaryPassword: values.mode === 'temporary_password' && values.temporaryPassword ? values.temporaryPassword : undefined,
      },
      {
        onSuccess: (result) => {
          if (result.temporaryPassword) {
            setCreated(result);
            toast({ title: 'User created', description: `${result.user.name} can sign in with the temporary password.` });
          } else {
            toast(
              emailDelivered
                ? { title: 'Invitation sent', description: `${result.user.email} will get an email with a link to set a password.` }
                : onTerminal
                  ? { title: 'Invitation created, not sent', description: `This demo server sends no e-mail: the link for ${result.user.email} is printed in the server's terminal.` }
                  : { title: 'Invitation created, not sent', description: `This server sends no e-mail, so ${result.user.email} gets no link. Reset their password from the list to give them a temporary one.` },
            );
            onDone();
          }
        },
        onError: (error) => applyServerFieldErrors(error, setError, { fields: FIELDS }),
      },
    ),
  );

  if (created?.temporaryPassword) {
    return (
      <TemporaryPasswordReveal
        title={`${created.user.name} can now sign in`}
        description="The account is active with a temporary password."
        password={created.temporaryPassword}
        email={created.user.email}
        onDone={onDone}
      />
    );
  }

  const error = create.error;
  const fieldOnly = isApiError(error) && error.code === 'validation_failed' && error.hasFieldErrors;

  return (
    <>
      <DialogHeader>
        <DialogTitle>Invite a user</DialogTitle>
        <DialogDescription>Add a member of staff: who they are, what they may do, and where.</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {error && !fieldOnly && !(isApiError(error) && error.fields.email) ? <FormErrorAlert error={error} /> : null}
        <FormField label="Email address" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" spellCheck={false} {...register('email')} />
        </FormField>
        <FormField label="Name" required error={errors.name?.message}>
          <Input autoComplete="off" {...register('name')} />
        </FormField>
        <FormField label="Role" required error={errors.role?.message} description={ROLE_DESCRIPTIONS[role]}>
          <RoleSelect {...register('role')} />
        </FormField>
        <Controller
          control={control}
          name="organizationIds"
          render={({ field }) => <OrganizationsForRole role={role} value={field.value} onChange={field.onChange} error={errors.organizationIds?.message} />}
        />
        <PasswordDeliveryChoice
          legend="How do they get a password?"
          options={options}
          current={mode}
          error={errors.mode?.message}
          {...register('mode')}
        />
        {mode === 'temporary_password' ? (
          <TemporaryPasswordField error={errors.temporaryPassword?.message} {...register('temporaryPassword')} />
        ) : null}
        <FormDialogFooter submitLabel={mode === 'invite' ? 'Send invitation' : 'Create user'} pending={create.isPending} onCancel={onDone} />
      </form>
    </>
  );
}
