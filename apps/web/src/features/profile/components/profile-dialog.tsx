import type { OrganOption } from '@cityops/contract';
import { Form, Input, Select } from 'antd';
import { ConsoleDialog } from '@/components/console/console-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '@/components/image-upload/image-upload';
import { showFieldErrors } from '@/lib/forms/api-failure';
import { dialogFormLayout } from '@/lib/forms/dialog-form-layout';
import { toast } from '@/lib/toast';
import { useUserStore } from '@/stores/user-store';
import { useDepartments } from '../api/get-departments';
import { useOrgans } from '../api/get-organs';
import { getProfile } from '../api/get-profile';
import { type UserInfoInput, useUpdateUser } from '../api/update-user';
import { profileRules } from '../lib/profile-rules';
import { OwnSessions } from './own-sessions';
import { profileTexts } from '@/locales/profile-texts';
import { registerTexts } from '@/lib/i18n';
import { localName } from '@/lib/local-name';

registerTexts(profileTexts);

export interface ProfileDialogProps {
  open: boolean;
  onClose(): void;
  /** Ends the session on this device (the server has already revoked it). */
  onSignOut(): void;
}

interface FormValues extends Omit<UserInfoInput, 'organizationId' | 'departmentId'> {
  organizationId: string | undefined;
  departmentId: string | undefined;
}

function optionsOf(list: OrganOption[] | undefined, language: string) {
  return (list ?? []).map((item) => ({
    value: item.id,
    label: localName(item, language),
  }));
}

/**
 * The personal-info dialog (docs/notifications.md, "Personal info"): every field but
 * the avatar is disabled, for everyone, as the spec says; administrators change
 * accounts in the console (the server refuses anything else, issue 21). A saved
 * change shows "modified successfully"; a changed login name would sign out.
 */
export function ProfileDialog({ open, onClose, onSignOut }: ProfileDialogProps) {
  const { t, i18n } = useTranslation();
  const userData = useUserStore((state) => state.userData);
  const username = useUserStore((state) => state.username);
  const setUserInfo = useUserStore((state) => state.setUserInfo);
  const [form] = Form.useForm<FormValues>();
  const organizationId = Form.useWatch('organizationId', form);
  const organs = useOrgans();
  const departments = useDepartments(organizationId || undefined);
  const updateUser = useUpdateUser();
  const [saving, setSaving] = useState(false);
  // The new avatar's address arrives when its upload ends: saving before would drop it.
  const [avatarUploading, setAvatarUploading] = useState(false);
  const rules = profileRules(t);

  const initialValues: FormValues = {
    username: userData?.username ?? username,
    name: userData?.name ?? '',
    mobile: userData?.mobile ?? '',
    organizationId: userData?.organizationId ?? undefined,
    departmentId: userData?.departmentId ?? undefined,
    headImage: userData?.headImage ?? '',
  };

  async function save() {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!userData) return;
    setSaving(true);
    try {
      const { usernameChanged } = await updateUser.mutateAsync({
        id: userData.id,
        input: {
          ...values,
          username: values.username.trim(),
          organizationId: values.organizationId ?? '',
          departmentId: values.departmentId ?? '',
          headImage: values.headImage ?? '',
        },
      });
      toast.success({ content: t('profile.modified') });
      if (usernameChanged) {
        toast.warning({ content: t('profile.usernameChanged') });
        onClose();
        onSignOut();
        return;
      }
      setUserInfo(await getProfile(userData.username));
      onClose();
    } catch (error) {
      // The HTTP client has shown the message; field errors go beside their fields.
      showFieldErrors(form, error, Object.keys(initialValues));
    } finally {
      setSaving(false);
    }
  }

  return (
    <ConsoleDialog
      open={open}
      title={t('profile.dialogTitle')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: avatarUploading }}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        {...dialogFormLayout()}
        initialValues={initialValues}
        disabled={saving}
        name="profile"
      >
        <Form.Item name="username" label={t('profile.username')} rules={rules.username}>
          <Input disabled maxLength={64} autoComplete="username" />
        </Form.Item>
        <Form.Item name="name" label={t('profile.name')} rules={rules.name}>
          <Input disabled maxLength={64} autoComplete="name" />
        </Form.Item>
        <Form.Item name="mobile" label={t('profile.mobile')} rules={rules.mobile}>
          <Input disabled maxLength={16} autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <Form.Item name="organizationId" label={t('profile.unit')} rules={rules.organizationId}>
          <Select
            disabled
            loading={organs.isPending}
            options={optionsOf(organs.data, i18n.language)}
            onChange={() => form.setFieldValue('departmentId', undefined)}
          />
        </Form.Item>
        <Form.Item name="departmentId" label={t('profile.department')} rules={rules.departmentId}>
          <Select
            disabled
            loading={departments.isFetching}
            options={optionsOf(departments.data, i18n.language)}
          />
        </Form.Item>
        <Form.Item name="headImage" label={t('profile.avatar')}>
          <ImageUpload
            bucketName="avatars"
            maxCount={1}
            aria-label={t('profile.uploadAvatar')}
            onUploadingChange={setAvatarUploading}
          />
        </Form.Item>
      </Form>
      <OwnSessions />
    </ConsoleDialog>
  );
}
