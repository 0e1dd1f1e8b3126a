import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Table, type Column } from './Table';
import { windowOf } from './testing';

afterEach(cleanup);

interface Row {
  id: number;
  subject: string;
  first: string;
  year: string;
}

const columns: Column<Row>[] = [
  { key: 'subject', header: 'Materia', cell: (r) => r.subject, rowHeader: true },
  { key: 'first', header: '1° periodo', cell: (r) => r.first, align: 'end' },
  { key: 'year', header: 'Intero anno', cell: (r) => r.year, align: 'end', className: 'anno' },
];

const rows: Row[] = [
  { id: 1, subject: 'Italiano', first: '7,5', year: '7,75' },
  { id: 2, subject: 'Matematica', first: '6', year: '6,5' },
];

describe('Table', () => {
  it('draws every row of a long table, in order, once its second pass has run', () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ id: i, subject: `Materia ${i + 1}`, first: '6', year: '6' }));
    render(<Table caption="Molte righe" columns={columns} rows={many} rowKey={(r) => r.id} />);
    const headers = screen.getAllByRole('rowheader').map((h) => h.textContent);
    expect(headers).toHaveLength(45);
    expect(headers[44]).toMatch(/Materia 45$/);
  });

  it('is a table named by its caption, with column headers and a header cell per row', () => {
    render(<Table caption="Riepilogo delle medie" captionHidden columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Riepilogo delle medie' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Materia', '1° periodo', 'Intero anno']);
    // The stacked label is not read: the row header's name is the subject alone.
    expect(within(table).getByRole('rowheader', { name: 'Italiano' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'Matematica' })).toBeTruthy();
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('cell').map((c) => c.lastElementChild?.textContent)).toEqual(['7,5', '7,75']);
    expect(table.querySelector('caption')?.className).toBe('visually-hidden');
  });

  it('repeats each header in its cells for the stacked phone layout, hidden from screen readers', () => {
    render(<Table caption="Medie" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const cell = screen.getByText('6,5').closest('td')!;
    const label = cell.firstElementChild!;
    expect(label.textContent).toBe('Intero anno');
    expect(label.getAttribute('aria-hidden')).toBe('true');
    expect(cell.classList.contains('anno')).toBe(true);
  });

  it('can leave a cell without a stacked label', () => {
    const withCheckbox: Column<Row>[] = [
      { key: 'pick', header: <span className="visually-hidden">Da giustificare</span>, stackedLabel: false, cell: (r) => <input type="checkbox" aria-label={`Giustifica ${r.subject}`} /> },
      ...columns,
    ];
    render(<Table caption="Assenze" columns={withCheckbox} rows={rows} rowKey={(r) => r.id} />);
    const cell = screen.getByRole('checkbox', { name: 'Giustifica Italiano' }).closest('td')!;
    expect(cell.children).toHaveLength(1);
  });

  it('puts totals in the footer with the same columns, and row attributes on each row', () => {
    render(
      <Table
        caption="Medie"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        footer={[{ id: 0, subject: 'Media generale', first: '6,75', year: '7,13' }]}
        rowAttributes={(r) => ({ 'data-id': r.id })}
      />,
    );
    const foot = screen.getByRole('table').querySelector('tfoot')!;
    expect(within(foot).getByRole('rowheader').textContent).toContain('Media generale');
    expect(within(foot).getAllByRole('cell').map((c) => c.lastElementChild?.textContent)).toEqual(['6,75', '7,13']);
    expect(screen.getByText('Matematica').closest('tr')?.getAttribute('data-id')).toBe('2');
  });

  it('shows the empty state instead of an empty table, or an empty table without one', () => {
    render(<Table caption="Medie" columns={columns} rows={[]} rowKey={(r) => r.id} empty={<p>Nessun voto</p>} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Nessun voto')).toBeTruthy();
    cleanup();
    render(<Table caption="Medie" columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(1);
  });
});

interface Grade {
  id: number;
  value: string;
  kind: string;
  date: string;
  comment: string;
  checked?: boolean;
}

const gradeColumns: Column<Grade>[] = [
  { key: 'date', header: 'Data', compact: 'meta', cell: (g) => g.date },
  { key: 'kind', header: 'Tipo', compact: 'title', cell: (g) => g.kind },
  { key: 'value', header: 'Voto', compact: 'lead', cell: (g) => g.value },
  { key: 'comment', header: 'Commento', cell: (g) => g.comment || null },
  { key: 'pick', header: 'Scegli', stackedLabel: false, compact: 'control', cell: (g) => <input type="checkbox" aria-label={`Scegli ${g.value}`} /> },
];
const grades: Grade[] = [
  { id: 1, value: '7', kind: 'scritto', date: '06-11-2026', comment: 'Bene' },
  { id: 2, value: '5', kind: 'orale', date: '19-10-2026', comment: '' },
];

describe('Table on a phone (compact rows)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a list named by the caption, one item per row, whose line reads each cell after its column', () => {
    windowOf(360);
    render(<Table caption="Voti di Italiano" captionHidden columns={gradeColumns} rows={grades} rowKey={(g) => g.id} rowAttributes={(g) => ({ 'data-id': g.id, className: 'mine' })} />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Voti di Italiano' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.getAttribute('data-id')).toBe('1');
    expect(items[0]!.classList.contains('mine')).toBe(true);
    // Lead, title, then the second line, whatever the columns' order.
    expect(within(items[0]!).getByRole('button').textContent).toBe('Voto 7Tipo scrittoData 06-11-2026');
    // The control stays on the row, outside the button.
    expect(within(items[0]!).getByRole('checkbox', { name: 'Scegli 7' }).closest('button')).toBeNull();
  });

  it('opens a row in place on its other cells, labelled, and closes it again (aria-expanded)', () => {
    windowOf(360);
    render(<Table caption="Voti" columns={gradeColumns} rows={grades} rowKey={(g) => g.id} />);
    const line = within(screen.getAllByRole('listitem')[0]!).getByRole('button');
    expect(line.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Bene')).toBeNull();
    fireEvent.click(line);
    expect(line.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(line.getAttribute('aria-controls')!)!;
    expect(details.textContent).toBe('CommentoBene');
    fireEvent.click(line);
    expect(line.getAttribute('aria-expanded')).toBe('false');
    expect(line.hasAttribute('aria-controls')).toBe(false);
    expect(screen.queryByText('Bene')).toBeNull();
  });

  it('has no button on a row with nothing more to show', () => {
    windowOf(360);
    render(<Table caption="Voti" columns={gradeColumns} rows={grades} rowKey={(g) => g.id} />);
    const second = screen.getAllByRole('listitem')[1]!;
    expect(within(second).queryByRole('button')).toBeNull();
    expect(second.textContent).toContain('orale');
  });

  it('shows the compact line\'s own content where a column gives one', () => {
    windowOf(360);
    const withTime: Column<Grade>[] = [
      ...gradeColumns,
      { key: 'time', header: 'Orario', compact: 'meta', cell: () => '—', compactCell: () => null },
    ];
    render(<Table caption="Voti" columns={withTime} rows={grades} rowKey={(g) => g.id} />);
    expect(within(screen.getAllByRole('listitem')[1]!).queryByText('—')).toBeNull();
  });

  it('stays a table on a wide window, and on a phone when no column has a compact place', () => {
    windowOf(1280);
    render(<Table caption="Voti" columns={gradeColumns} rows={grades} rowKey={(g) => g.id} />);
    expect(screen.getByRole('table', { name: 'Voti' })).toBeTruthy();
    cleanup();
    windowOf(360);
    render(<Table caption="Medie" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.getByRole('table', { name: 'Medie' })).toBeTruthy();
  });
});
