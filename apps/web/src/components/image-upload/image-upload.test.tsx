import { ErrorCode } from '@cityops/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { startTestServer } from '@/testing/start-test-server';
import { ImageUpload } from './image-upload';

let toasts: ReturnType<typeof configureTestApi>;
let uploads: Array<{
  bucketName: FormDataEntryValue | null;
  file: File;
  authorization: string | null;
}> = [];

startTestServer('zh-CN');
beforeEach(() => {
  uploads = [];
  toasts = configureTestApi({ token: 'token-1' });
});

function accept(pause = 0) {
  let count = 0;
  testServer.use(
    http.post(`${API}/file-go-fastdfs/file/upload`, async ({ request }) => {
      const form = await request.formData();
      uploads.push({
        bucketName: form.get('bucketName'),
        file: form.get('file') as File,
        authorization: request.headers.get('authorization'),
      });
      if (pause) await delay(pause);
      count += 1;
      return HttpResponse.json({
        code: '000000',
        boolSuccess: true,
        msg: 'success',
        data: {
          id: `id-${count}`,
          url: `/file-go-fastdfs/files/f${count}.png`,
          name: 'a.png',
          contentType: 'image/png',
          size: 3,
          width: 1,
          height: 1,
        },
      });
    }),
  );
}

const pngFile = (name = 'photo.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const fileInput = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('ImageUpload', () => {
  it('accepts only png, jpg and jpeg', () => {
    const { container } = render(<ImageUpload />);
    expect(fileInput(container)).toHaveAttribute('accept', '.png,.jpg,.jpeg');
  });

  it('uploads with the bearer token and bucket, and reports the address', async () => {
    accept();
    const onChange = vi.fn();
    const { container } = render(<ImageUpload bucketName="avatars" onChange={onChange} />);
    await userEvent.upload(fileInput(container), pngFile());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/file-go-fastdfs/files/f1.png'));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ bucketName: 'avatars', authorization: 'Bearer token-1' });
    // (jsdom's FormData does not carry the bytes faithfully; the browser tests check them.)
    expect(uploads[0]!.file).toBeTruthy();
    // At the maximum (1) the add button is gone, and the thumbnail shows the stored file.
    expect(screen.queryByText('上传')).not.toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute(
      'src',
      '/api/file-go-fastdfs/files/f1.png',
    );
  });

  it('refuses another file type before uploading', async () => {
    accept();
    const { container } = render(<ImageUpload />);
    // The picker's accept list can be bypassed (drag and drop, "all files").
    await userEvent.upload(
      fileInput(container),
      new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }),
      {
        applyAccept: false,
      },
    );
    expect(toasts.error).toHaveBeenCalledWith({ content: '只能上传 png、jpg、jpeg 格式的图片' });
    expect(uploads).toHaveLength(0);
  });

  it('is disabled while an upload is in progress', async () => {
    accept(300);
    const { container } = render(<ImageUpload maxCount={3} />);
    await userEvent.upload(fileInput(container), pngFile());
    await waitFor(() => expect(fileInput(container)).toBeDisabled());
    await waitFor(() => expect(fileInput(container)).toBeEnabled(), { timeout: 3000 });
  });

  it('appends with a maximum above 1 and hides the add button at the maximum', async () => {
    accept();
    const onChange = vi.fn();
    const { container } = render(<ImageUpload maxCount={2} onChange={onChange} />);
    await userEvent.upload(fileInput(container), pngFile('a.png'));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(['/file-go-fastdfs/files/f1.png']),
    );
    expect(screen.getByText('上传')).toBeInTheDocument();
    await userEvent.upload(fileInput(container), pngFile('b.png'));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([
        '/file-go-fastdfs/files/f1.png',
        '/file-go-fastdfs/files/f2.png',
      ]),
    );
    expect(screen.queryByText('上传')).not.toBeInTheDocument();
  });

  it('removing yields an empty value (maximum 1) or the list without the item', async () => {
    const single = vi.fn();
    const { unmount } = render(
      <ImageUpload value="/file-go-fastdfs/files/x.png" onChange={single} />,
    );
    await userEvent.click(screen.getByRole('button', { name: /remove file|删除文件/i }));
    expect(single).toHaveBeenCalledWith('');
    unmount();

    const many = vi.fn();
    render(<ImageUpload maxCount={3} value={['/f/1.png', '/f/2.png']} onChange={many} />);
    await userEvent.click(screen.getAllByRole('button', { name: /remove file|删除文件/i })[0]!);
    expect(many).toHaveBeenCalledWith(['/f/2.png']);
  });

  it('shows "上传失败" on failure and the server reason in the item tooltip', async () => {
    testServer.use(
      http.post(`${API}/file-go-fastdfs/file/upload`, () =>
        HttpResponse.json(
          {
            code: ErrorCode.UNSUPPORTED_MEDIA,
            boolSuccess: false,
            msg: '只能上传 png、jpg、jpeg 格式的图片',
            data: null,
          },
          { status: 415 },
        ),
      ),
    );
    const onChange = vi.fn();
    const { container } = render(<ImageUpload onChange={onChange} />);
    await userEvent.upload(fileInput(container), pngFile('fake.png'));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith({ content: '上传失败' }));
    expect(onChange).not.toHaveBeenCalled();
    const item = container.querySelector('.ant-upload-list-item-error')!;
    expect(item).toBeInTheDocument();
    // The failed item is labelled with the file the person chose, not an internal id.
    expect(item).toHaveTextContent('fake.png');
    expect(item.textContent).not.toMatch(/rc-upload/);
    await act(async () => {
      await userEvent.hover(item);
    });
    await waitFor(() =>
      expect(screen.getByRole('tooltip')).toHaveTextContent('只能上传 png、jpg、jpeg 格式的图片'),
    );
  });

  it('says "Upload failed" in English', async () => {
    await i18n.changeLanguage('en');
    testServer.use(http.post(`${API}/file-go-fastdfs/file/upload`, () => HttpResponse.error()));
    const { container } = render(<ImageUpload />);
    await userEvent.upload(fileInput(container), pngFile());
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith({ content: 'Upload failed' }));
    await waitFor(() =>
      expect(container.querySelector('.ant-upload-list-item-error')).toBeInTheDocument(),
    );
    await i18n.changeLanguage('zh-CN');
  });
});
