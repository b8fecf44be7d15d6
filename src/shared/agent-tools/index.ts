// The tools offered to AI agents (the editor's language model tools and `amp-url mcp`).
export * from './definitions';
export { checkInput } from './input';
export { answerUrlTool, type ToolAnswer, type ToolSettings } from './url-tools';
export { FindCollector, type FindAnswer, type FoundAmpUrl } from './find-answer';
export { answerText } from './json';
