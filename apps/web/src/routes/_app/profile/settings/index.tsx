import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SettingsScreen } from './-components/settings-screen';

/** What a door linked from 'Способы входа' comes back with: `?linked=telegram`, or `?error=account_taken`. */
type SettingsSearch = { linked?: string; error?: string };

// A plain function rather than a zod schema: route modules are on the first-load path (decision 009).
const validateSettingsSearch = (search: Record<string, unknown>): SettingsSearch => ({
  ...(typeof search.linked === 'string' ? { linked: search.linked.slice(0, 20) } : {}),
  ...(typeof search.error === 'string' ? { error: search.error.slice(0, 40) } : {}),
});

export const Route = createFileRoute('/_app/profile/settings/')({
  validateSearch: validateSettingsSearch,
  component: ProfileSettings,
});

function ProfileSettings() {
  const navigate = Route.useNavigate();
  const { linked, error } = Route.useSearch();
  const seen = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <SettingsScreen doors={{ linked, error, onSeen: seen }} />;
}
