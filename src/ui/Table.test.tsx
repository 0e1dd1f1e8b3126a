import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Table, type Column } from './Table';

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
