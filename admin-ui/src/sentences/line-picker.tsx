import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useListContext, useNotify, useRedirect } from 'react-admin';

const MAX_RANGE = 1000;

/** "10-20" or "3,5,7-9" as numbers, or null when it is not such a list. */
function numbersIn(range: string): number[] | null {
  const numbers: number[] = [];
  for (const part of range.split(',').map((p) => p.trim())) {
    const match = /^(\d{1,7})(?:\s*-\s*(\d{1,7}))?$/.exec(part);
    if (!match) return null;
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (to < from || numbers.length + to - from + 1 > MAX_RANGE) return null;
    for (let n = from; n <= to; n++) numbers.push(n);
  }
  return numbers;
}

/** The spec's line picker: jump to a sentence by its number, or list a range of numbers (book/canto/section are the list's filters). */
export function LinePicker() {
  const [number, setNumber] = useState('');
  const [range, setRange] = useState('');
  const [numberError, setNumberError] = useState('');
  const [rangeError, setRangeError] = useState('');
  const dataProvider = useDataProvider();
  const redirect = useRedirect();
  const notify = useNotify();
  const { setFilters, filterValues } = useListContext();

  const jump = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d+$/.test(number.trim())) return setNumberError('Sentence Number Required');
    setNumberError('');
    const { data } = await dataProvider.getList('sentences', {
      filter: { number: Number(number) },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'number', order: 'ASC' },
    });
    if (data[0]) redirect('edit', 'sentences', data[0].id);
    else notify(`There is no sentence ${number}`, { type: 'warning' });
  };

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (range.trim() === '') return setRangeError('Empty textbox');
    const numbers = numbersIn(range);
    if (!numbers) return setRangeError('Expected numbers like 10-20 or 3,5,7-9');
    setRangeError('');
    setFilters({ ...filterValues, number: numbers }, {});
  };

  return (
    <Box sx={{ p: 2 }} component="section" aria-labelledby="line-picker-title">
      <Typography id="line-picker-title" component="h2" variant="subtitle1">
        Line picker
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
        <Stack component="form" direction="row" spacing={1} onSubmit={(e) => void jump(e)} noValidate sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Sentence number"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            error={numberError !== ''}
            helperText={numberError || ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Button type="submit" variant="outlined">
            Open
          </Button>
        </Stack>
        <Stack component="form" direction="row" spacing={1} onSubmit={show} noValidate sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Range of numbers"
            value={range}
            onChange={(e) => setRange(e.target.value)}
            error={rangeError !== ''}
            helperText={rangeError || ' '}
          />
          <Button type="submit" variant="outlined">
            Show
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
