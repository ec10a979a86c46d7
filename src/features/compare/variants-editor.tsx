import { Button } from '../../components/ui/button';
import { MAX_VARIANTS, sweepVariants, type Variant } from '../../lib/compare/variants';
import type { Connection } from '../../stores';
import { SweepForm } from './sweep-form';
import { useFreshVariant } from './use-fresh-variant';
import { VariantRow } from './variant-row';

/** The variants to send to: edit, duplicate, remove, reorder, add one, or sweep a parameter. */
export function VariantsEditor({
  variants,
  onChange,
  connections,
  newId,
  functionsAvailable,
}: {
  variants: readonly Variant[];
  onChange: (variants: Variant[]) => void;
  connections: readonly Connection[];
  newId: () => string;
  /** Valid function definitions exist for a variant to send. */
  functionsAvailable: boolean;
}) {
  const fresh = useFreshVariant(newId);
  const move = (index: number, by: -1 | 1) => {
    const next = [...variants];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    onChange(next);
  };
  return (
    <section aria-label="Variants" className="flex flex-col gap-2">
      <h2 className="text-sm font-medium">
        Variants ({variants.length} of at most {MAX_VARIANTS})
      </h2>
      <ol className="flex flex-col gap-1.5">
        {variants.map((variant, index) => (
          <VariantRow
            key={variant.id}
            index={index}
            count={variants.length}
            variant={variant}
            connections={connections}
            functionsAvailable={functionsAvailable}
            onChange={(v) => onChange(variants.map((old, i) => (i === index ? v : old)))}
            onDuplicate={() =>
              variants.length < MAX_VARIANTS &&
              onChange([
                ...variants.slice(0, index + 1),
                { ...variant, id: newId() },
                ...variants.slice(index + 1),
              ])
            }
            onRemove={() => onChange(variants.filter((_, i) => i !== index))}
            onMove={(by) => move(index, by)}
          />
        ))}
      </ol>
      <div className="flex flex-wrap items-end gap-3">
        <Button
          size="sm"
          disabled={variants.length >= MAX_VARIANTS}
          onClick={() => onChange([...variants, fresh()])}
        >
          Add variant
        </Button>
        <SweepForm
          onSweep={(parameter, values) =>
            onChange(sweepVariants(variants[0] ?? fresh(), parameter, values, newId))
          }
        />
      </div>
    </section>
  );
}
