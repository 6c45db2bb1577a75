/** The two functions Fray uses from the official Foundry CLI (it ships no type declarations). */
declare module "@foundryvtt/foundryvtt-cli" {
  export interface PackOptions {
    nedb?: boolean;
    yaml?: boolean;
    log?: boolean;
    recursive?: boolean;
    clean?: boolean;
  }
  export function compilePack(src: string, dest: string, options?: PackOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: PackOptions): Promise<void>;
}
