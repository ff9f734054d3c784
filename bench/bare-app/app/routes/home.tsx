// One page of about 300 elements: a heading, a list of 48 cards of six elements each, a footer.
const CARDS = Array.from({ length: 48 }, (_, i) => ({
  id: i + 1,
  name: `Product ${i + 1}`,
  price: `£${(29 + i).toFixed(2)}`,
}));

export function meta() {
  return [{ title: "Bare React Router app" }];
}

export default function Home() {
  return (
    <main>
      <h1>Bare React Router app</h1>
      <p>The floor the shop is measured against: React and React Router, no styles.</p>
      <ul>
        {CARDS.map((card) => (
          <li key={card.id}>
            <a href={`/#${card.id}`}>
              <h2>{card.name}</h2>
              <p>
                <span>{card.price}</span> <em>in stock</em>
              </p>
            </a>
          </li>
        ))}
      </ul>
      <footer>
        <p>End of the page.</p>
      </footer>
    </main>
  );
}
