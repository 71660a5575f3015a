export declare const root: string;
export declare function buildIsStale(): boolean;
export declare function buildIfStale(options?: { quiet?: boolean }): void;
export declare function benchServerEnv(port: number, overrides: Record<string, string>): NodeJS.ProcessEnv;
