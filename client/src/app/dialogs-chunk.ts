// The dialog host's chunk: the modal dialogs (react-bootstrap's Modal, the HTML sanitiser) with
// the Bootstrap styles they need. The login screen loads it when its first dialog opens.
import 'bootstrap/dist/css/bootstrap.min.css';

export { DialogHost } from '@/components/dialogs/dialog-host';
