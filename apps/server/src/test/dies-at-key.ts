import {
  InsertQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Stands for the process dying in the middle of a batch: the `at`-th idempotency key written (the last write
 * of a change's transaction) throws, so that change's transaction rolls back as if the process had stopped
 * before its commit, and the changes before it stay committed. `arm` sets another `at` and counts again.
 */
export class DiesAtKey implements KyselyPlugin {
  private written = 0;
  constructor(private at = Number.POSITIVE_INFINITY) {}
  arm(at: number): void {
    this.at = at;
    this.written = 0;
  }
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (InsertQueryNode.is(node) && node.into?.table.identifier.name === 'idempotency_keys') {
      this.written += 1;
      if (this.written === this.at) throw new Error('the process died here');
    }
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}
