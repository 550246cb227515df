// Clients (issue 33): the screens the routes show.
export { ClientCardScreen } from './components/client-card-screen';
export { ClientListScreen } from './components/client-list-screen';
