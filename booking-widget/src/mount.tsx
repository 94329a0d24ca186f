// The wizard's entry chunk: renders the React app into the element's shadow root with its styles.
import { createRoot } from 'react-dom/client';
import styles from './styles/widget.css?inline';
import { Widget } from './ui/widget';
import type { WidgetOptions } from './options';

export interface MountInput {
  host: HTMLElement;
  shadow: ShadowRoot;
  options: WidgetOptions;
}

export function mount({ host, shadow, options }: MountInput): { unmount: () => void } {
  const style = document.createElement('style');
  style.textContent = styles;
  const container = document.createElement('div');
  shadow.replaceChildren(style, container);
  const root = createRoot(container);
  root.render(<Widget host={host} shadow={shadow} options={options} />);
  return {
    unmount: () => {
      root.unmount();
      shadow.replaceChildren();
    },
  };
}
