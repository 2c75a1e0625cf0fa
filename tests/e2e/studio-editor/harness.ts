// The studio editor alone, as the studio shell starts it once signed in (test-only page).
import { startEditor } from '../../../studio/editor/start.ts';

const root = document.getElementById('studio');
if (root) void startEditor(root, { name: 'André Moura Passos' });
