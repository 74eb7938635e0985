import 'reflect-metadata';
import { buildSchema } from 'graphql';
import { buildApiSchema } from './schema';
import { auditDescriptions } from './schema-descriptions';

describe('schema descriptions', () => {
  it('describes every type, field, argument, input field and enum value of the api', async () => {
    const audit = auditDescriptions(await buildApiSchema());
    // The list names each undescribed element, so a failure says exactly what to document.
    expect(audit.undescribed).toEqual([]);
    expect(audit.total).toBeGreaterThan(700);
  });

  it('finds each kind of undescribed element', () => {
    const schema = buildSchema(`
      """Described."""
      type Query {
        """Described."""
        a(
          """Described."""
          x: Int
          y: Int
        ): Colour
        b(input: In): Int
      }
      enum Colour {
        """Described."""
        RED
        BLUE
      }
      """Described."""
      input In {
        """Described."""
        p: Int
        q: Int
      }
      scalar Money
    `);
    const audit = auditDescriptions(schema);
    expect(audit.undescribed).toEqual(['Colour', 'Colour.BLUE', 'In.q', 'Money', 'Query.a(y:)', 'Query.b', 'Query.b(input:)']);
    // Query, a, x, y, b, input; Colour, RED, BLUE; In, p, q; Money (Int is graphql's own).
    expect(audit.total).toBe(13);
  });

  it('does not count a blank description as one', () => {
    const schema = buildSchema(`
      """   """
      type Query {
        """Described."""
        a: Int
      }
    `);
    expect(auditDescriptions(schema).undescribed).toEqual(['Query']);
  });
});
