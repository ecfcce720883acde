import DeleteSweepIcon from '@mui/icons-material/DeleteSweepOutlined';
import { lazyView, type AdminResource } from '../resource';

/** "Richieste di cancellazione": who asked to be erased (delete_users, who carries it out). */
export const erasure_requests: AdminResource = {
  name: 'erasure_requests',
  list: lazyView(() => import('./ErasureRequestList'), 'ErasureRequestList'),
  icon: DeleteSweepIcon,
};
