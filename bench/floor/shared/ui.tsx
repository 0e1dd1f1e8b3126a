import { useState, type FormEvent } from 'react';
import type { Row } from './api';

/** A floor's page: the student's heading and a list of rows, drawn once its data is there. */
export function RowsPage({ title, student, line, rows, empty }: { title: string; student: string; line: string; rows: Row[]; empty: string }) {
  return (
    <main>
      <section className="card">
        <h1>{student}</h1>
        <p className="muted">{line}</p>
      </section>
      <section className="card" aria-labelledby="rows">
        <h2 id="rows">{title}</h2>
        {rows.length === 0 ? (
          <p>{empty}</p>
        ) : (
          <ol data-floor-rows="">
            {rows.map((r) => (
              <li key={r.key}>
                <strong>{r.title}</strong> <span className="muted">{r.detail}</span> <time dateTime={r.day}>{r.day}</time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </main>
  );
}

export interface LoginWords {
  heading: string;
  username: string;
  password: string;
  submit: string;
}

/** The sign-in form, with the fields and button the portal's has (user code, password, "Accedi"). */
export function LoginForm({ words, school, busy, error, onSubmit }: { words: LoginWords; school: string; busy: boolean; error: string | null; onSubmit: (username: string, password: string) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(username, password);
  };
  return (
    <main>
      <form className="card" onSubmit={submit}>
        <h1>{words.heading}</h1>
        <p className="muted">{school}</p>
        <label>
          {words.username}
          <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
        </label>
        <label>
          {words.password}
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error && <p role="alert">{error}</p>}
        <button type="submit" disabled={busy}>
          {words.submit}
        </button>
      </form>
    </main>
  );
}
