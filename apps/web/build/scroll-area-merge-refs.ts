import { useMergedRef } from '@mantine/hooks';

/**
 * What Mantine's ScrollArea imports from `@floating-ui/react` (vite.config.ts points that one import
 * here): `useMergeRefs`, one ref for several. The real module is floating-ui's whole React layer;
 * ScrollArea is drawn by every table at first paint, so that import alone put some 20 KB (brotli) of
 * positioning code on every signed-in screen (docs/decisions/0046-floating-layer-on-demand.md).
 */
export function useMergeRefs<T>(refs: Array<React.Ref<T> | undefined>): React.RefCallback<T> {
  return useMergedRef(...refs);
}
