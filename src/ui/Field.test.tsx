import { cleanup, screen, within } from '@testing-library/react';
import { renderWithI18n as render } from './testing';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field, FieldGroup } from './Field';
import { CheckboxField, RadioGroupField } from './ChoiceField';
import { SelectField } from './SelectField';
import { DateField, PasswordField, TextArea, TextField } from './TextField';

afterEach(cleanup);

const describedByTexts = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('Field', () => {
  it('wires label, hint and error to whatever control it renders', () => {
    render(
      <Field label="Motivazione" hint="Al massimo 500 caratteri" error="La motivazione è obbligatoria" required>
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const box = screen.getByRole('textbox', { name: /Motivazione/ });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-required')).toBe('true');
    expect(describedByTexts(box)).toEqual(['Al massimo 500 caratteri', 'La motivazione è obbligatoria']);
  });

  it('says "required" in words, not only with a star', () => {
    render(<Field label="Data" required>{(control) => <input {...control} />}</Field>);
    expect(screen.getByRole('textbox').getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Data (obbligatorio)' }).tagName).toBe('INPUT');
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('leaves the control unmarked while nothing is wrong, keeping descriptions from outside', () => {
    render(
      <>
        <p id="limite">Per il giorno stesso si prenota entro le 09:00</p>
        <Field label="Data" describedBy="limite">{(control) => <input {...control} />}</Field>
      </>,
    );
    const input = screen.getByLabelText('Data');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-required')).toBe(false);
    expect(describedByTexts(input)).toEqual(['Per il giorno stesso si prenota entro le 09:00']);
  });

  it('gives every field its own ids', () => {
    render(
      <>
        <TextField label="Nome" error="Errore A" />
        <TextField label="Cognome" error="Errore B" />
      </>,
    );
    expect(describedByTexts(screen.getByLabelText('Nome'))).toEqual(['Errore A']);
    expect(describedByTexts(screen.getByLabelText('Cognome'))).toEqual(['Errore B']);
  });
});

describe('FieldGroup', () => {
  it('is a named group described by its hint and error', () => {
    render(
      <FieldGroup label="Giorni" hint="Uno o più" error="Scegli almeno un giorno">
        {({ name }) => (
          <>
            <label>
              <input type="checkbox" name={name} value="lun" /> Lunedì
            </label>
            <label>
              <input type="checkbox" name={name} value="mar" /> Martedì
            </label>
          </>
        )}
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: 'Giorni' });
    expect(describedByTexts(group)).toEqual(['Uno o più', 'Scegli almeno un giorno']);
    const boxes = within(group).getAllByRole('checkbox');
    expect(new Set(boxes.map((b) => b.getAttribute('name'))).size).toBe(1);
  });
});

describe('thin wrappers', () => {
  it('TextField passes native attributes to the input and styles the wrapper', () => {
    const { container } = render(<TextField label="Codice utente" name="username" autoComplete="username" className="extra" defaultValue="x" />);
    const input = screen.getByLabelText('Codice utente') as HTMLInputElement;
    expect(input.name).toBe('username');
    expect(input.autocomplete).toBe('username');
    expect(container.firstElementChild?.classList.contains('extra')).toBe(true);
    expect(input.classList.contains('extra')).toBe(false);
  });

  it('PasswordField shows and hides what was typed, keeping it', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" defaultValue="segreta" error="Campo obbligatorio" />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(describedByTexts(input)).toEqual(['Campo obbligatorio']);
    const toggle = screen.getByRole('button', { name: 'Mostra password' });
    await user.click(toggle);
    expect(input.type).toBe('text');
    expect(input.value).toBe('segreta');
    expect(screen.getByRole('button', { name: 'Nascondi password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('TextArea and DateField render their native controls', () => {
    render(
      <>
        <TextArea label="Motivazione" maxLength={500} />
        <DateField label="Dal" min="2026-09-14" />
      </>,
    );
    expect(screen.getByLabelText('Motivazione').tagName).toBe('TEXTAREA');
    const date = screen.getByLabelText('Dal') as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.min).toBe('2026-09-14');
  });

  it('SelectField offers an empty choice first and reports the chosen value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SelectField
        label="Materia"
        emptyOption="Tutte le materie"
        options={[
          { value: '3', label: 'Italiano' },
          { value: '7', label: 'Matematica' },
        ]}
        value=""
        onChange={onChange}
        error="Il motivo è obbligatorio"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Materia' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tutte le materie', 'Italiano', 'Matematica']);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    await user.selectOptions(select, 'Matematica');
    expect(onChange).toHaveBeenCalledWith('7');
  });

  it('CheckboxField puts the box before its label and can be a switch', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [on, setOn] = useState(false);
      return <CheckboxField label="Mostra le password" role="switch" checked={on} onChange={setOn} />;
    }
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Mostra le password' }) as HTMLInputElement;
    expect(toggle.compareDocumentPosition(screen.getByText('Mostra le password')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(toggle);
    expect(toggle.checked).toBe(true);
  });

  it('RadioGroupField is a required radio group of native radios sharing one name', async () => {
    const user = userEvent.setup();
    function Harness({ onChange }: { onChange: (v: string) => void }) {
      const [value, setValue] = useState('');
      return (
        <RadioGroupField
          label="Tipo"
          required
          error={value ? null : 'Il tipo è obbligatorio'}
          options={[
            { value: 'entrata', label: 'Entrata posticipata' },
            { value: 'uscita', label: 'Uscita anticipata', hint: 'Entro le 12:00' },
          ]}
          value={value}
          onChange={(v) => {
            setValue(v);
            onChange(v);
          }}
        />
      );
    }
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Tipo (obbligatorio)' });
    expect(group.getAttribute('aria-required')).toBe('true');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(screen.getByRole('radio', { name: 'Uscita anticipata' }))).toEqual(['Entro le 12:00']);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    // Native radios of one name: the browser moves the choice with the arrow keys.
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
    await user.click(screen.getByRole('radio', { name: 'Entrata posticipata' }));
    await user.click(screen.getByRole('radio', { name: 'Uscita anticipata' }));
    expect(onChange).toHaveBeenLastCalledWith('uscita');
    expect((screen.getByRole('radio', { name: 'Uscita anticipata' }) as HTMLInputElement).checked).toBe(true);
    expect(group.hasAttribute('aria-invalid')).toBe(false);
  });
});
