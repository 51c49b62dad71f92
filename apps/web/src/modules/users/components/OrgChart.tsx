import { NodeCollapseOutlined, NodeExpandOutlined, SearchOutlined } from '@ant-design/icons';
import type { OrgChartUser } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Empty, Input, Space, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { userQueries } from '@/modules/users/api';
import { AccessTag, AdminTag } from '@/modules/users/components/UserTags';
import { buildOrgTree, parentKeys, searchOrgTree, type OrgNode } from '@/modules/users/utils/org-tree';
import { initialsOf, userName } from '@/modules/users/utils/user-name';

type TreeItem = { key: string; user: OrgChartUser; children: TreeItem[] };

const toItems = (nodes: OrgNode[]): TreeItem[] =>
  nodes.map((node) => ({ key: node.key, user: node.user, children: toItems(node.children) }));

/** The tree's height in pixels: a fixed height makes antd's Tree virtual, drawing only the rows in view. */
const TREE_HEIGHT = 560;

/**
 * Spec 001 §2's org chart: the manager hierarchy with expandable nodes, initials avatars and the Admin and
 * Write tags; a click opens the user. Collapsed at first and searchable, for a sales force of a thousand.
 */
export function OrgChart() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: users, isPending, isError } = useQuery(userQueries.orgChart());
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const [expanded, setExpanded] = useState<string[]>([]);
  const tree = useMemo(() => toItems(buildOrgTree(users ?? [])), [users]);
  const found = useMemo(() => searchOrgTree(users ?? [], debounced), [users, debounced]);
  const [lastSearch, setLastSearch] = useState('');
  if (debounced !== lastSearch) {
    // A new search opens the way to what it found.
    setLastSearch(debounced);
    setExpanded(found.expanded);
  }

  if (isPending) return <Spin className="org-chart-loading" />;
  if (isError) return <Empty description={t('users.loadFailed')} />;

  return (
    <div className="org-chart" data-testid="org-chart">
      <div className="list-toolbar">
        <Input
          allowClear
          className="list-search"
          prefix={<SearchOutlined />}
          placeholder={t('users.chartSearch')}
          aria-label={t('users.chartSearch')}
          data-testid="org-chart-search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
        <Space wrap>
          <Button icon={<NodeExpandOutlined />} onClick={() => setExpanded(parentKeys(tree))}>
            {t('users.expandAll')}
          </Button>
          <Button icon={<NodeCollapseOutlined />} onClick={() => setExpanded([])}>
            {t('users.collapseAll')}
          </Button>
        </Space>
      </div>
      <Typography.Text type="secondary" className="org-chart-count">
        {debounced.trim() === ''
          ? t('users.chartCount', { count: users.length })
          : t('users.chartMatches', { count: found.matches.size })}
      </Typography.Text>
      <Tree<TreeItem>
        treeData={tree}
        height={TREE_HEIGHT}
        blockNode
        showLine
        // No expand animation: it draws the opening branch in a stand-in that is swapped for the real rows
        // when it ends, so a click landing during it (a search opens many branches at once) was lost.
        motion={false}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        selectable={false}
        titleRender={(item) => (
          <button
            type="button"
            className={`org-node${found.matches.has(item.key) ? ' org-node-match' : ''}`}
            data-testid="org-node"
            onClick={() => void navigate(`/users/${item.key}`)}
          >
            <Avatar size="small" className="org-avatar">
              {initialsOf(item.user)}
            </Avatar>
            <span className="org-name">{userName(item.user)}</span>
            <span className="org-email">{item.user.email}</span>
            <AdminTag isAdmin={item.user.isAdmin} />
            {item.user.readWrite && <AccessTag readWrite />}
            {item.children.length > 0 && (
              <Typography.Text type="secondary" className="org-team-size">
                {t('users.teamSize', { count: item.children.length })}
              </Typography.Text>
            )}
          </button>
        )}
      />
    </div>
  );
}
