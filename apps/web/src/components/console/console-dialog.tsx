import { Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVisibleBand } from '@/lib/use-visible-band';

/** Space kept below the dialog, and the least above it. */
const MARGIN = 24;
/** Below this a dialog is not shortened further: the page scrolls it as before. */
const MIN_HEIGHT = 240;

export type ConsoleDialogProps = Omit<ModalProps, 'centered' | 'style' | 'styles'>;

/**
 * The dialog of a console screen: "Save" and "Cancel" unless told otherwise, closed
 * only by its buttons (a click beside it loses nothing), and always within the part
 * of the window the person sees, also inside the shell's frame: its title and
 * buttons stay in place and its body scrolls, so "Save" is never below the fold
 * (issue 24: the role dialog's was, at 1366x768 with the two-step notice showing).
 */
export function ConsoleDialog(props: ConsoleDialogProps) {
  const { t } = useTranslation();
  const band = useVisibleBand();
  // As near the top as antd puts a dialog (100 px) in a tall window, nearer in a short one.
  const top = band.top + Math.min(100, Math.max(MARGIN, Math.round(band.height / 12)));
  const maxHeight = Math.max(MIN_HEIGHT, band.top + band.height - top - MARGIN);
  return (
    <Modal
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      mask={{ closable: false }}
      {...props}
      style={{ top, paddingBottom: MARGIN }}
      styles={{
        container: { display: 'flex', flexDirection: 'column', maxHeight },
        header: { flex: 'none' },
        // The inline padding keeps the fields' focus rings inside the scrolling body.
        body: {
          flex: '1 1 auto',
          minHeight: 0,
          overflowY: 'auto',
          overscrollBehavior: 'contain',
          paddingInline: 4,
          marginInline: -4,
        },
        footer: { flex: 'none' },
      }}
    />
  );
}
