import { Button, type ButtonProps } from '@/components/ui/button';
import { useSupport } from '../api/get-support';

export type SupportLinkProps = Pick<ButtonProps, 'variant' | 'size' | 'className'> & { children: string };

/**
 * A button opening the support chat (SUPPORT_URL from GET /api/support) in a new tab: 'Связаться с поддержкой',
 * 'Собрать свой тариф', 'Подключить тариф' (decisions D2). Until the address is known it stays a disabled
 * button; if it cannot be loaded, pressing asks again.
 */
export function SupportLink({ children, variant, size = 'lg', className }: SupportLinkProps) {
  const support = useSupport();
  if (support.data) {
    return (
      <Button asChild variant={variant} size={size} className={className}>
        <a href={support.data.url} target="_blank" rel="noreferrer">
          {children}
          <span className="sr-only"> (откроется в новой вкладке)</span>
        </a>
      </Button>
    );
  }
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      disabled={support.isPending}
      onClick={() => void support.refetch()}
    >
      {children}
    </Button>
  );
}
