import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOWNLOAD_FAILED, LicenceDownloads, type LicenceFileView } from './LicenceDownloads';

const FILES: LicenceFileView[] = [
  { kind: 'DOCUMENT', fileName: 'licence.pdf', bytes: 48_000 },
  { kind: 'MP3', fileName: 'beat.mp3', bytes: 7_800_000 },
  { kind: 'STEMS', fileName: 'beat-stems.zip', bytes: 92_000_000 },
  { kind: 'WAV', fileName: 'beat.wav', bytes: 31_000_000 },
];

describe('a licence\u2019s downloads', () => {
  it('lists MP3, WAV, stems and the licence PDF in that order with their sizes, and downloads one', async () => {
    const onDownload = vi.fn(async () => undefined);
    render(<LicenceDownloads tier="advanced" filesReady files={FILES} onDownload={onDownload} />);
    const buttons = screen.getAllByRole('button');
    const names = ['Download MP3 7.4 MB', 'Download WAV 29.6 MB', 'Download Stems 87.7 MB', 'Download Licence PDF 47 KB'];
    buttons.forEach((button, index) => expect(button).toHaveAccessibleName(names[index]));
    expect(buttons[2].querySelector('.licence-downloads__size')).toHaveTextContent('87.7 MB');
    await userEvent.click(buttons[2]);
    expect(onDownload).toHaveBeenCalledWith('STEMS');
  });

  it('shows what is being prepared until the files are ready', () => {
    render(<LicenceDownloads tier="standard" filesReady={false} files={[]} onDownload={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Preparing your files (MP3, WAV, Licence PDF)...');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows Downloading... and blocks other downloads meanwhile, then says when a download failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail!: (error: Error) => void;
    const onDownload = vi.fn(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    render(<LicenceDownloads tier="advanced" filesReady files={FILES} onDownload={onDownload} context="Night Drive" />);
    await userEvent.click(screen.getByRole('button', { name: /^Download WAV of Night Drive / }));
    expect(screen.getByRole('button', { name: /^Download WAV of Night Drive / })).toHaveAccessibleName('Download WAV of Night Drive Downloading...');
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    fail(new Error('Network response was not ok: Forbidden'));
    expect(await screen.findByRole('alert')).toHaveTextContent(DOWNLOAD_FAILED);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Download WAV of Night Drive / })).toBeEnabled());
  });
});
