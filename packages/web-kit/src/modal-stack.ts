/**
 * The stack of open modal layers (dialogs, the side panel, the menu). Everything under the top
 * layer is made `inert` (the app root and lower layers), so keyboard focus, clicks and screen
 * readers stay in the top layer; the page behind stops scrolling while any layer is open.
 */
const layers: HTMLElement[] = [];

function sync(): void {
  const root = document.getElementById('root');
  const hasLayers = layers.length > 0;
  if (root) {
    if (hasLayers) root.setAttribute('inert', '');
    else root.removeAttribute('inert');
  }
  layers.forEach((layer, index) => {
    if (index < layers.length - 1) layer.setAttribute('inert', '');
    else layer.removeAttribute('inert');
  });
  document.documentElement.classList.toggle('has-modal', hasLayers);
}

/** Adds a layer on top; the returned function removes it (wherever it is in the stack). */
export function pushLayer(layer: HTMLElement): () => void {
  layers.push(layer);
  sync();
  return () => {
    const index = layers.indexOf(layer);
    if (index >= 0) layers.splice(index, 1);
    layer.removeAttribute('inert');
    sync();
  };
}
