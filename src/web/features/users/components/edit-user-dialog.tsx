import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@contracts/users';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { useUpdateUser } from '../api/update-user';
import { editUserSchema, type EditUserForm } from '../user-form-schemas';
import { OrganizationsForRole } from './organizations-checklist';
import { ROLE_DESCRIPTIONS, RoleSelect } from './role-select';

export interface EditUserDialogProps {
  user: User | null;
  isSelf: boolean;
  onOpenChange: (open: boolean) => void;
}

export function EditUserDialog({ user, isSelf, onOpenChange }: EditUserDialogProps) {
  const returnFocus = useReturnFocus(user !== null);
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" onCloseAutoFocus={returnFocus}>
        {user ? <EditUserForm key={user.id} user={user} isSelf={isSelf} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditUserForm({ user, isSelf, onDone }: { user: User; isSelf: boolean; onDone: () => void }) {
  const { toast } = useToast();
  const update = useUpdateUser();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<EditUserForm>({
    resolver: zodResolver(editUserSchema),
    defaultValues: { name: user.name, role: user.role, organizationIds: user.organizationIds },
  });
  const role = watch('role');

  const onSubmit = handleSubmit((values) => {
    if (!isDirty) {
      onDone();
      return;
    }
    update.mutate(
      {
        id: user.id,
        name: values.name,
        role: values.role,
        ...(values.role === 'admin' ? {} : { organizationIds: values.organizationIds }),
      },
      {
        onSuccess: (saved) => {
          toast({ title: 'Changes saved', description: `${saved.name}'s details were updated.` });
          onDone();
        },
        onError: (error) => applyServerFieldErrors(error, setError, { fields: ['name', 'role', 'organizationIds'] }),
      },
    );
  });

  const error = update.error;
  const fieldOnly = isApiError(error) && error.code === 'validation_failed' && error.hasFieldErrors;
  const lastAdmin = isApiError(error) && error.code === 'last_admin';

  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit {user.name}</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">{user.email}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {error && !fieldOnly ? (
          <FormErrorAlert error={error} title={lastAdmin ? 'The last administrator must stay an administrator' : undefined} />
        ) : null}
        <FormField label="Name" required error={errors.name?.message}>
          <Input autoComplete="off" {...register('name')} />
        </FormField>
        <FormField label="Role" required error={errors.role?.message} description={ROLE_DESCRIPTIONS[role]}>
          <RoleSelect {...register('role')} />
        </FormField>
        {isSelf && role !== user.role ? (
          <Alert variant="warning">You are changing your own role. You may lose access to this page when you save.</Alert>
        ) : null}
        <Controller
          control={control}
          name="organizationIds"
          render={({ field }) => <OrganizationsForRole role={role} value={field.value} onChange={field.onChange} error={errors.organizationIds?.message} />}
        />
        <FormDialogFooter submitLabel="Save changes" pending={update.isPending} onCancel={onDone} />
      </form>
    </>
  );
}
