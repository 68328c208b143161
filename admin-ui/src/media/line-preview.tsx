import { Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { LineInfoAnswer } from '@epos/schemas/poem/responses';

type Preview = { state: 'idle' } | { state: 'found'; line: LineInfoAnswer } | { state: 'missing' } | { state: 'failed' };

/** The sentence a typed number names (`GET /api/lineinfo/{n}`), looked up once typing pauses. */
function useLinePreview(number: string): Preview {
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  useEffect(() => {
    if (!/^\d{1,7}$/.test(number.trim())) return setPreview({ state: 'idle' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/lineinfo/${Number(number)}`, { signal: controller.signal, headers: { accept: 'application/json' } })
        .then(async (response) => {
          if (response.status === 404) return setPreview({ state: 'missing' });
          if (!response.ok) return setPreview({ state: 'failed' });
          setPreview({ state: 'found', line: (await response.json()) as LineInfoAnswer });
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setPreview({ state: error instanceof Error && error.name === 'AbortError' ? 'idle' : 'failed' });
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [number]);
  return preview;
}

/** The line picker's confirmation: where the numbered sentence stands and how it begins, so a file goes to the line meant. */
export function LinePreview({ number }: { number: string }) {
  const preview = useLinePreview(number);
  if (preview.state === 'idle') return null;
  if (preview.state === 'missing')
    return (
      <Typography role="status" color="error" variant="body2">
        Not Found
      </Typography>
    );
  if (preview.state === 'failed')
    return (
      <Typography role="status" color="error" variant="body2">
        An error occured
      </Typography>
    );
  const { line } = preview;
  return (
    <Typography role="status" variant="body2" data-testid="media-attach-preview">
      Book {line.bookNumber}, canto {line.cantoNumber}, section {line.sectionNumber}: “{line.lines.split('\n')[0]}”
    </Typography>
  );
}
