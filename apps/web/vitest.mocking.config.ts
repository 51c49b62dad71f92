import { FILES_MOCKING_MODULES, webProject } from './vitest.config.ts';

// The web test files that mock one of our modules, each in a module graph of its own (see vitest.config.ts).
export default webProject({ name: 'web-mocking', include: FILES_MOCKING_MODULES });
