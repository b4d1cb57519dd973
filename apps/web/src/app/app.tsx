/** The client's frame; the web-shell issue brings routes, layout and session. */
export function App() {
  return (
    <main>
      <h1>Backlay</h1>
      <p>Betting exchange</p>
    </main>
  );
}
