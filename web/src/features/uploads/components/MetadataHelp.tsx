import { Accordion } from '../../../ui/accordion/Accordion';

interface MetadataHelpProps {
  /** Lines of the help: a field name and what to put in it. */
  readonly fields: readonly (readonly [string, string])[];
}

/** The collapsible metadata help of both upload pages (requirements §P2). */
export function MetadataHelp({ fields }: MetadataHelpProps) {
  return (
    <Accordion
      className="metadata-help"
      headingLevel={2}
      items={[
        {
          id: 'metadata-help',
          title: 'Metadata Help',
          content: (
            <div className="metadata-help__content">
              <p>
                Tags are how a prompt finds your sample: someone typing “dark trap like Metro Boomin at 140” gets loops tagged
                trap, dark and Metro Boomin near 140 BPM. Type a tag and press Enter or a comma to add it; × removes it.
              </p>
              <dl className="metadata-help__list">
                {fields.map(([name, text]) => (
                  <div key={name} className="metadata-help__item">
                    <dt>{name}</dt>
                    <dd>{text}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ),
        },
      ]}
    />
  );
}
