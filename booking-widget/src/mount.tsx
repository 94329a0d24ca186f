// The wizard's entry chunk: renders the React app into the element's shadow root with its styles
// (adopted as constructable stylesheets, which a partner's strict CSP allows: shadow-styles.ts).
import { createRoot } from 'react-dom/client';
import controlStyles from './styles/widget-controls.css?inline';
import styles from './styles/widget.css?inline';
import { Widget } from './ui/widget';
import type { WidgetOptions } from './options';
import type { ShadowStyles } from './shadow-styles';

export interface MountInput {
  host: HTMLElement;
  shadow: ShadowRoot;
  options: WidgetOptions;
  /** The loader's stylesheet functions (shadow-styles.ts), so both chunks share one registry. */
  styles: ShadowStyles;
  /**
   * Where in the shadow root the wizard goes: the dialog's body in the popup and floating modes
   * (which keep their own sheet); inline, the whole root.
   */
  into?: HTMLElement;
}

export function mount({ host, shadow, options, styles: sheets, into }: MountInput): {
  unmount: () => void;
} {
  const container = document.createElement('div');
  if (into) {
    into.replaceChildren(container);
  } else {
    shadow.replaceChildren(container);
    // The loading state's sheet goes; the wizard's base sheet comes first, later steps' after it.
    sheets.drop(shadow);
  }
  sheets.adopt(shadow, 'widget', styles + controlStyles);
  const root = createRoot(container);
  root.render(
    <Widget
      host={host}
      shadow={shadow}
      options={options}
      adoptStyles={(name, css) => sheets.adopt(shadow, name, css)}
    />,
  );
  return {
    unmount: () => {
      root.unmount();
      if (into) {
        into.replaceChildren();
      } else {
        shadow.replaceChildren();
        sheets.drop(shadow);
      }
    },
  };
}
