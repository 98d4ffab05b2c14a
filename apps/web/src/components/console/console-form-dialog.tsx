import { Alert, Form, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { dialogFormLayout } from '@/lib/forms/dialog-form-layout';
import { ConsoleDialog, type ConsoleDialogProps } from './console-dialog';

export interface ConsoleFormDialogProps<Values> {
  title: string;
  form: FormInstance<Values>;
  /** The form's name: the prefix of its fields' ids. */
  name: string;
  initialValues: FormProps<Values>['initialValues'];
  /** The dialog's save, from `useVersionedSave`: its refusal shows above the fields. */
  save: { failure: string | null; saving: boolean; save(): Promise<void> };
  onCancel(): void;
  /** Shown between the refusal and the fields (a note on a built-in record). */
  notice?: ReactNode;
  /** More of the dialog's (width, open) or of the form's (onValuesChange). */
  dialogProps?: Omit<ConsoleDialogProps, 'title' | 'onOk' | 'onCancel' | 'confirmLoading'>;
  formProps?: Omit<FormProps<Values>, 'form' | 'name' | 'initialValues' | 'disabled'>;
  children: ReactNode;
}

/**
 * The dialog of a console form: a `ConsoleDialog` whose 保存 saves through
 * `useVersionedSave`, the refusal (or "changed meanwhile, reloaded") as an alert
 * above the fields, the form laid out as every dialog form is
 * (`dialogFormLayout`) and held still while it saves.
 */
export function ConsoleFormDialog<Values>(props: ConsoleFormDialogProps<Values>) {
  const { failure, saving, save } = props.save;
  return (
    <ConsoleDialog
      open
      {...props.dialogProps}
      title={props.title}
      onOk={() => void save()}
      onCancel={props.onCancel}
      confirmLoading={saving}
    >
      {failure && (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
      )}
      {props.notice}
      <Form<Values>
        {...dialogFormLayout()}
        {...props.formProps}
        form={props.form}
        name={props.name}
        initialValues={props.initialValues}
        disabled={saving}
      >
        {props.children}
      </Form>
    </ConsoleDialog>
  );
}
