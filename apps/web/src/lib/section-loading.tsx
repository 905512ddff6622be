import { Loading } from '@pca/ui/loading/loading.tsx';

/** A section's loading indicator and its words, in a block that keeps the section's place while it loads. */
export function SectionLoading({ message }: { message: string }) {
  return (
    <div style={{ minHeight: '8rem' }}>
      <Loading message={message} />
    </div>
  );
}
